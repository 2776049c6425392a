// How an argument the caller passed is named in an error message: what it
// is, and its start when it is a string.

export function describe(value) {
  if (value === null) {
    return "null";
  }
  if (Array.isArray(value)) {
    return "an array";
  }
  if (typeof value === "string") {
    return value.length > 40 ? `the string ${JSON.stringify(value.slice(0, 40))}…` : `the string ${JSON.stringify(value)}`;
  }
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}
