import XCTest
final class PAdapterTests: XCTestCase { func testNothing() {} }
