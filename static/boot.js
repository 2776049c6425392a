// Starts the app. Trunk writes the names of the built files on this
// script's tag (see `pattern_script` in Trunk.toml), so the page needs no
// inline script and its Content-Security-Policy can forbid them.
const tag = document.querySelector("script[data-app-js]");
try {
  const { default: init } = await import(tag.dataset.appJs);
  await init({ module_or_path: tag.dataset.appWasm });
} catch (error) {
  const loading = document.getElementById("loading");
  if (loading) {
    loading.classList.add("is-error");
    loading.textContent = `The editor could not start: ${error}`;
  }
  throw error;
}
