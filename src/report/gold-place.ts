/**
 * Where each gold call stands as written, by the gold's index: `[t][i]` in gold written as
 * turns of these sizes, whose calls a Score numbers in one run.
 */
export function turnPlaces(turnSizes: readonly number[]): (goldIndex: number) => string {
  const places: string[] = []
  turnSizes.forEach((size, t) => {
    for (let i = 0; i < size; i++) places.push(`[${t}][${i}]`)
  })
  return (goldIndex) => places[goldIndex] ?? `[${goldIndex}]`
}
