// The runners' globals, so that Vitest and Jest both run the file as it is.
const order = (id, quantity) => ({ name: 'place_order', args: { id, quantity } })

test('places both orders', () => {
  expect([order('A1', 2), order('B7', 1)]).toScoreAtLeast(0, [order('B7', 1), order('A1', 2)])
})

test('orders one too many', () => {
  expect([order('A1', 3)]).toScoreAtLeast(0, [order('A1', 2)], { level: 'arg' })
})
