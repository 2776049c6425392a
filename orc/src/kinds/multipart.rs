//! A multipart MIME message as Python's email package writes it, which is
//! how Heat's `MultipartMime` stores its parts (`get_message`): part by
//! part, byte for byte but for the boundary, which Python draws at random
//! and which is drawn here from the parts' text.

/// One part of a multipart message: its text as the message holds it, its
/// subtype, its file name.
pub(super) struct Part {
    pub payload: String,
    pub subtype: String,
    pub filename: String,
    pub charset: &'static str,
}

/// A file name without its extension, as Python's `os.path.splitext`
/// leaves it: the last dot of the last component, unless that component
/// starts with it (`.bashrc`).
pub(super) fn without_extension(name: &str) -> &str {
    let base = name.rfind('/').map_or(0, |slash| slash + 1);
    let component = &name[base..];
    let leading = component.len() - component.trim_start_matches('.').len();
    match component[leading..].rfind('.') {
        Some(dot) => &name[..base + leading + dot],
        None => name,
    }
}

/// A part as Python's `MIMEText` makes it: US-ASCII text as it is, other
/// text as UTF-8 in base64.
pub(super) fn part_of(text: String, subtype: String, filename: String) -> Part {
    if text.is_ascii() {
        return Part {
            payload: text,
            subtype,
            filename,
            charset: "us-ascii",
        };
    }
    Part {
        payload: base64_lines(text.as_bytes()),
        subtype,
        filename,
        charset: "utf-8",
    }
}

/// Base64 in lines of 76 characters, each ended by a newline, as Python's
/// email package writes a UTF-8 body.
fn base64_lines(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut encoded = String::with_capacity(bytes.len() * 4 / 3 + 4);
    for chunk in bytes.chunks(3) {
        let n = (u32::from(chunk[0]) << 16)
            | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8)
            | u32::from(*chunk.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= chunk.len() {
                encoded.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                encoded.push('=');
            }
        }
    }
    let mut out = String::with_capacity(encoded.len() + encoded.len() / 76 + 1);
    for line in encoded.as_bytes().chunks(76) {
        out.push_str(std::str::from_utf8(line).unwrap_or_default());
        out.push('\n');
    }
    out
}

/// The message Python's `MIMEMultipart(_subparts=parts).as_string()`
/// writes, with a boundary drawn from the parts' text that none of them
/// holds.
pub(super) fn multipart(parts: &[Part]) -> String {
    let mut seed = 0xcbf2_9ce4_8422_2325_u64;
    for part in parts {
        for byte in part.payload.bytes() {
            seed = (seed ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    let boundary = loop {
        let candidate = format!("==============={:019}==", seed % 10_000_000_000_000_000_000);
        if !parts.iter().any(|p| p.payload.contains(&candidate)) {
            break candidate;
        }
        seed = seed.wrapping_mul(0x0100_0000_01b3).wrapping_add(1);
    };
    let mut out =
        format!("Content-Type: multipart/mixed; boundary=\"{boundary}\"\nMIME-Version: 1.0\n\n");
    for part in parts {
        let subtype = if part.subtype.is_empty() {
            "plain"
        } else {
            &part.subtype
        };
        let encoding = if part.charset == "us-ascii" {
            "7bit"
        } else {
            "base64"
        };
        out.push_str(&format!(
            "--{boundary}\nContent-Type: text/{subtype}; charset=\"{}\"\nMIME-Version: 1.0\nContent-Transfer-Encoding: {encoding}\n",
            part.charset
        ));
        if !part.filename.is_empty() {
            out.push_str(&format!(
                "Content-Disposition: attachment; filename=\"{}\"\n",
                part.filename
            ));
        }
        out.push('\n');
        out.push_str(&part.payload);
        out.push('\n');
    }
    out.push_str(&format!("--{boundary}--\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_go_as_pythons_splitext_takes_them() {
        assert_eq!(without_extension("my file.txt"), "my file");
        assert_eq!(without_extension("a.tar.gz"), "a.tar");
        assert_eq!(without_extension(".bashrc"), ".bashrc");
        assert_eq!(without_extension("dir.d/run"), "dir.d/run");
        assert_eq!(without_extension("..x.sh"), "..x");
    }

    #[test]
    fn base64_as_pythons_email_writes_it() {
        assert_eq!(base64_lines("héllo".as_bytes()), "aMOpbGxv\n");
        assert_eq!(base64_lines(b"ab"), "YWI=\n");
        assert_eq!(base64_lines(b"a"), "YQ==\n");
        let long = base64_lines(&[b'x'; 60]);
        assert_eq!(long.lines().map(str::len).collect::<Vec<_>>(), [76, 4]);
    }

    #[test]
    fn a_multipart_message_as_pythons_email_writes_it() {
        let parts = [
            part_of(
                "#!/bin/sh\necho hi\n".into(),
                "x-shellscript".into(),
                String::new(),
            ),
            part_of(
                "#cloud-config\nfoo: 1\n".into(),
                String::new(),
                "my file.txt".into(),
            ),
            part_of("héllo".into(), "plain".into(), String::new()),
            part_of("no newline".into(), String::new(), String::new()),
        ];
        let message = multipart(&parts);
        // Python 3's output for these parts, its boundary replaced.
        let python = "Content-Type: multipart/mixed; boundary=\"B\"\nMIME-Version: 1.0\n\n--B\nContent-Type: text/x-shellscript; charset=\"us-ascii\"\nMIME-Version: 1.0\nContent-Transfer-Encoding: 7bit\n\n#!/bin/sh\necho hi\n\n--B\nContent-Type: text/plain; charset=\"us-ascii\"\nMIME-Version: 1.0\nContent-Transfer-Encoding: 7bit\nContent-Disposition: attachment; filename=\"my file.txt\"\n\n#cloud-config\nfoo: 1\n\n--B\nContent-Type: text/plain; charset=\"utf-8\"\nMIME-Version: 1.0\nContent-Transfer-Encoding: base64\n\naMOpbGxv\n\n--B\nContent-Type: text/plain; charset=\"us-ascii\"\nMIME-Version: 1.0\nContent-Transfer-Encoding: 7bit\n\nno newline\n--B--\n";
        let boundary = message.split('"').nth(1).unwrap();
        assert_eq!(boundary.len(), 36);
        assert_eq!(message.replace(boundary, "B"), python);
    }
}
