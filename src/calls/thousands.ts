/**
 * An integer with its thousands grouped, `1,000,000`, as `toLocaleString('en-US')` writes it: by
 * hand, as the first `toLocaleString` of a process loads ICU's number formats, some 10 ms of
 * every import of the package and every run of the command.
 */
export function thousands(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)))
  let grouped = digits.slice(0, digits.length % 3 || 3)
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`
  return n < 0 ? `-${grouped}` : grouped
}
