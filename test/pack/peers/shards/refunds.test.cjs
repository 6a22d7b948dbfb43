// The runners' globals, so that Vitest and Jest both run the file as it is.
test('refunds, then forgets to notify', () => {
  expect([{ name: 'refund', args: { id: 'A1' } }]).toScoreAtLeast(0, [
    { name: 'refund', args: { id: 'A1' } },
    { name: 'notify', args: { id: 'A1' } },
  ])
})
