// Names searched by their start: a range of an index on `lower(name) collate "C"`, in byte order
// whatever the database's collation (search, punishments).

/** The first string after every string that starts with `prefix`, in byte order. */
export function prefixEnd(prefix: string): string {
  // Names are ASCII ([A-Za-z0-9_] with a Bedrock "." or "*"; searchPlayers asks only for such
  // prefixes), so incrementing the last character bounds the range.
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}
