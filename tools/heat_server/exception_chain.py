"""An exception as a record: the exception and those it was raised from
or during, outer first, each with its type's name and the frames it
passed ([file, line, function]). serve.py writes the failures of the
stacks it creates this way; refusal_sites.py reads them and the
exceptions it catches itself alike."""

from __future__ import annotations


def exception_chain(error: BaseException | None) -> list[dict]:
    chain, seen = [], set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        frames, tb = [], error.__traceback__
        while tb is not None:
            code = tb.tb_frame.f_code
            frames.append([code.co_filename, tb.tb_lineno, code.co_name])
            tb = tb.tb_next
        chain.append({"type": type(error).__name__, "frames": frames})
        error = error.__cause__ or error.__context__
    return chain
