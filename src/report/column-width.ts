/** The width of a column of cells: the longest, and at least `least`. A loop, as spreading a column of 100,000 rows into Math.max overflows the stack. */
export function columnWidth(cells: readonly string[], least = 0): number {
  let width = least
  for (const cell of cells) if (cell.length > width) width = cell.length
  return width
}
