import XCTest
final class PGalleryCoreTests: XCTestCase { func testNothing() {} }
