import XCTest

/// Reports a failure the way Apple's XCTest deprecates.
public func reportFailure(in testCase: XCTestCase) {
  testCase.recordFailure(
    withDescription: "planted", inFile: #filePath, atLine: #line, expected: true)
}
