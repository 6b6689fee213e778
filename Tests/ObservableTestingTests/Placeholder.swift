import Testing

@Test("placeholder") func placeholder() {}
