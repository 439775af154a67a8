import XCTest
final class PUITests: XCTestCase { func testNothing() {} }
