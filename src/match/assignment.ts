/**
 * Maximum-benefit assignment of rows to columns: benefit is row-major, rows*cols long.
 * Exactly min(rows, cols) pairs are made (every row is assigned when rows <= cols, else every column).
 * Returns, for each row, its column or -1.
 *
 * The solver is Jonker and Volgenant's shortest augmenting path method, in the rectangular form
 * of Crouse 2016 (scipy's `linear_sum_assignment`), started from a row reduction.
 * Path lengths closer than max |benefit| * 2^-45 (about 128 units in the last place), capped
 * at 1/2, count as equal: rounding noise in fractional benefits neither splits a tie nor
 * lengthens the search, and integer benefits, whose sums are exact below 2^53, never tie falsely.
 * Throws a RangeError when the shape is wrong or a benefit is not finite.
 */
export function maxBenefitAssignment(rows: number, cols: number, benefit: Float64Array): Int32Array {
  checkShape(rows, cols, benefit)
  if (rows === 0 || cols === 0) return new Int32Array(rows).fill(-1)
  if (rows === 1 || cols === 1) {
    // A single row or column: its largest benefit is the one pair.
    const best = indexOfLargest(benefit)
    if (best === -1) throw nonFiniteError(cols, benefit)
    if (rows === 1) return Int32Array.of(best)
    const colForRow = new Int32Array(rows).fill(-1)
    colForRow[best] = 0
    return colForRow
  }
  if (rows <= cols) {
    const colForRow = assignEveryRow(rows, cols, benefit)
    if (colForRow === undefined) throw nonFiniteError(cols, benefit)
    return colForRow
  }
  const rowForCol = assignEveryRow(cols, rows, transpose(rows, cols, benefit))
  if (rowForCol === undefined) throw nonFiniteError(cols, benefit)
  const colForRow = new Int32Array(rows).fill(-1)
  for (let col = 0; col < cols; col++) colForRow[rowForCol[col]!] = col
  return colForRow
}

const TIE_RELATIVE_TOLERANCE = 2 ** -45
const TIE_TOLERANCE_CAP = 0.5

function checkShape(rows: number, cols: number, benefit: Float64Array): void {
  if (!Number.isInteger(rows) || rows < 0 || !Number.isInteger(cols) || cols < 0) {
    throw new RangeError(`assignment: rows and cols must be non-negative integers, got ${rows} x ${cols}`)
  }
  if (benefit.length !== rows * cols) {
    throw new RangeError(`assignment: benefit has ${benefit.length} entries, expected rows * cols = ${rows * cols}`)
  }
}

function nonFiniteError(cols: number, benefit: Float64Array): RangeError {
  const k = benefit.findIndex((b) => !Number.isFinite(b))
  const at = `row ${Math.floor(k / cols)}, column ${k % cols}`
  return new RangeError(`assignment: benefit[${k}] (${at}) is ${benefit[k]}, expected a finite number`)
}

/** Index of the largest value, the first on ties; -1 when a value is not finite. */
function indexOfLargest(values: Float64Array): number {
  let best = 0
  for (let k = 0; k < values.length; k++) {
    if (!Number.isFinite(values[k])) return -1
    if (values[k]! > values[best]!) best = k
  }
  return best
}

/** Transposed copies up to this size share one kept buffer (128 KiB), so small problems do not allocate one. */
const KEPT_TRANSPOSE_SIZE = 1 << 14
let keptTranspose = new Float64Array(0)

function transpose(rows: number, cols: number, matrix: Float64Array): Float64Array {
  const size = rows * cols
  if (size > KEPT_TRANSPOSE_SIZE) return transposeInto(new Float64Array(size), rows, cols, matrix)
  if (keptTranspose.length < size) keptTranspose = new Float64Array(KEPT_TRANSPOSE_SIZE)
  return transposeInto(keptTranspose, rows, cols, matrix)
}

function transposeInto(transposed: Float64Array, rows: number, cols: number, matrix: Float64Array): Float64Array {
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) transposed[col * rows + row] = matrix[row * cols + col]!
  }
  return transposed
}

/** Per-column working arrays, kept between calls so that a small problem allocates only its result. */
interface Scratch {
  /** Column duals: v[j] <= 0, and 0 while column j is free. */
  v: Float64Array
  rowForCol: Int32Array
  /** Length of the shortest alternating path from the search's start row to each column. */
  dist: Float64Array
  /** Row before each column on that path. */
  pathRow: Int32Array
  /** 1 once a column's distance is final. */
  closed: Uint8Array
  /** Closed columns in the order they closed. */
  order: Int32Array
}

let scratch = newScratch(0)

function newScratch(cols: number): Scratch {
  return {
    v: new Float64Array(cols),
    rowForCol: new Int32Array(cols),
    dist: new Float64Array(cols),
    pathRow: new Int32Array(cols),
    closed: new Uint8Array(cols),
    order: new Int32Array(cols),
  }
}

/**
 * Assigns every row (rows <= cols), minimising cost(i, j) = -benefit(i, j).
 * Row duals are implicit, u[i] = cost(i, colForRow[i]) - v[colForRow[i]], and reduced costs
 * cost(i, j) - u[i] - v[j] of assigned rows stay non-negative.
 */
function assignEveryRow(rows: number, cols: number, benefit: Float64Array): Int32Array | undefined {
  if (scratch.v.length < cols) scratch = newScratch(cols)
  const { v, rowForCol, pathRow } = scratch
  v.fill(0, 0, cols)
  rowForCol.fill(-1, 0, cols)
  const colForRow = new Int32Array(rows).fill(-1)

  // Row reduction: each row takes the first free column among its best ones.
  let largest = 0
  for (let row = 0; row < rows; row++) {
    const base = row * cols
    let best = -Infinity
    let worst = Infinity
    let bestFree = -1
    for (let col = 0; col < cols; col++) {
      const b = benefit[base + col]!
      if (b > best) {
        best = b
        bestFree = rowForCol[col] === -1 ? col : -1
      } else if (b === best) {
        if (bestFree === -1 && rowForCol[col] === -1) bestFree = col
      } else if (b !== b) {
        return undefined
      }
      if (b < worst) worst = b
    }
    if (best === Infinity || worst === -Infinity) return undefined
    if (best > largest) largest = best
    if (-worst > largest) largest = -worst
    if (bestFree !== -1) {
      colForRow[row] = bestFree
      rowForCol[bestFree] = row
    }
  }
  const tolerance = Math.min(largest * TIE_RELATIVE_TOLERANCE, TIE_TOLERANCE_CAP)

  for (let start = 0; start < rows; start++) {
    if (colForRow[start] !== -1) continue
    // Flip the shortest augmenting path back from its free column to `start`.
    let col = shortestPathToFreeColumn(cols, benefit, start, tolerance)
    for (;;) {
      const row = pathRow[col]!
      rowForCol[col] = row
      const previous = colForRow[row]!
      colForRow[row] = col
      if (row === start) break
      col = previous
    }
  }
  return colForRow
}

/**
 * Dijkstra over columns from the free row `start`, in Jonker and Volgenant's form: the columns
 * at the least distance close together, and the first free one among them ends the search.
 * Returns that free column, after lowering the duals of the columns closed before it so that
 * the path found is tight.
 */
function shortestPathToFreeColumn(cols: number, benefit: Float64Array, start: number, tolerance: number): number {
  const { v, rowForCol, dist, pathRow, closed, order } = scratch
  const startBase = start * cols
  for (let col = 0; col < cols; col++) {
    dist[col] = -benefit[startBase + col]! - v[col]!
    pathRow[col] = start
  }
  closed.fill(0, 0, cols)
  // order[0..done) closed at earlier distances, order[done..lo) scanned, order[lo..hi) to scan.
  let done = 0
  let lo = 0
  let hi = 0
  let lowest = 0
  let sink = -1
  search: for (;;) {
    if (lo === hi) {
      done = lo
      lowest = Infinity
      for (let col = 0; col < cols; col++) {
        if (closed[col] !== 0) continue
        const d = dist[col]!
        if (d <= lowest + tolerance) {
          if (d < lowest - tolerance) {
            hi = lo
            lowest = d
          }
          order[hi++] = col
        }
      }
      for (let k = lo; k < hi; k++) {
        const col = order[k]!
        if (rowForCol[col] === -1) {
          sink = col
          break search
        }
        closed[col] = 1
      }
    }
    const reached = order[lo++]!
    const row = rowForCol[reached]!
    const base = row * cols
    // Distance through `row` to a column: `lowest` plus the reduced cost of the edge.
    const lead = lowest + benefit[base + reached]! + v[reached]!
    const bound = lowest + tolerance
    for (let col = 0; col < cols; col++) {
      const d = lead - benefit[base + col]! - v[col]!
      if (d < dist[col]! && closed[col] === 0) {
        dist[col] = d
        pathRow[col] = row
        if (d <= bound) {
          if (rowForCol[col] === -1) {
            sink = col
            break search
          }
          closed[col] = 1
          order[hi++] = col
        }
      }
    }
  }
  for (let k = 0; k < done; k++) {
    const col = order[k]!
    v[col] = v[col]! + dist[col]! - lowest
  }
  return sink
}
