/** How the report colours its parts; the matchers pass the runner's own, the serializer none. */
export interface Colors {
  expected: (s: string) => string
  received: (s: string) => string
  dim: (s: string) => string
  bold: (s: string) => string
}

const plain = (s: string) => s

export const NO_COLORS: Colors = { expected: plain, received: plain, dim: plain, bold: plain }
