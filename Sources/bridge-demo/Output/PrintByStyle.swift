/// Prints each style's result; with more than one style, under a label per style.
func printByStyle<Value>(
  _ results: [(Style, Value)], console: Console, format: (Value) -> [String]
) {
  let labelled = results.count > 1
  for (index, (style, value)) in results.enumerated() {
    if labelled {
      if index > 0 { console.print() }
      console.print(console.style.bold("\(style.label):"))
    }
    for line in format(value) { console.print(labelled ? "  " + line : line) }
  }
}
