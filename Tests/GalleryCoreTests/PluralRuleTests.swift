import Foundation
import GalleryCore
import XCTest

/// The `Plural-Forms` expression: C's precedence, the rules of the shipped languages, and refusals of what does not
/// read (a rule from a file is hostile).
final class PluralRuleTests: XCTestCase {
    private func rule(_ header: String, file: StaticString = #filePath, line: UInt = #line) throws -> PluralRule {
        try XCTUnwrap(PluralRule(parsing: header), header, file: file, line: line)
    }

    func testTheShippedLanguagesRules() throws {
        let english = try rule("nplurals=2; plural=(n != 1);")
        XCTAssertEqual([0, 1, 2, 21].map(english.form), [1, 0, 1, 1])
        let french = try rule("nplurals=2; plural=(n > 1);")
        XCTAssertEqual([0, 1, 2, 1_000].map(french.form), [0, 0, 1, 1])
        let polish = try rule("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
        XCTAssertEqual(polish.count, 3)
        XCTAssertEqual([1, 2, 4, 5, 12, 14, 22, 25, 112, 122, 0].map(polish.form), [0, 1, 1, 2, 2, 2, 1, 2, 2, 1, 2])
        let arabic = try rule("nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;")
        XCTAssertEqual([0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111].map(arabic.form), [0, 1, 2, 3, 3, 4, 4, 5, 5, 3, 4])
        let japanese = try rule("nplurals=1; plural=0;")
        XCTAssertEqual([0, 1, 2, 100].map(japanese.form), [0, 0, 0, 0])
        let hebrew = try rule("nplurals=3; plural=(n == 1) ? 0 : ((n == 2) ? 1 : 2);")
        XCTAssertEqual([1, 2, 3, 20].map(hebrew.form), [0, 1, 2, 2])
        XCTAssertEqual(english.form(for: -1), 0, "a negative count is read by its size, as the frame's book does")
    }

    func testCsPrecedenceAndOperators() throws {
        // && binds tighter than ||; ! before ==; arithmetic before comparison.
        let r = try rule("nplurals=4; plural=n==1 || n==2 && n!=2 ? 1 : !(n%3) ? 2 : n*2+1-1/1 >= 9 ? 3 : 0;")
        XCTAssertEqual(r.form(for: 1), 1)
        XCTAssertEqual(r.form(for: 2), 0)
        XCTAssertEqual(r.form(for: 3), 2)
        XCTAssertEqual(r.form(for: 5), 3)
        XCTAssertEqual(r.form(for: 4), 0)
        XCTAssertEqual(try rule("nplurals=2; plural=n%0;").form(for: 7), 0, "division by zero is 0, not a trap")
        XCTAssertEqual(try rule("nplurals=2; plural=n+5;").form(for: 1), 0, "outside the forms: the first, as glibc")
        XCTAssertEqual(try rule("plural=(n != 1); nplurals=2").form(for: 3), 1, "either order")
    }

    func testWhatDoesNotReadIsRefused() {
        for bad in ["", "nplurals=2;", "plural=n!=1;", "nplurals=0; plural=0;", "nplurals=x; plural=0;",
                    "nplurals=2; plural=n!=;", "nplurals=2; plural=(n!=1;", "nplurals=2; plural=n ? 1;",
                    "nplurals=2; plural=m!=1;", "nplurals=2; plural=n!=1 1;", "nplurals=2; plural=99999999999999999999999;",
                    "nplurals=2; plural=" + String(repeating: "(", count: 200) + "n" + String(repeating: ")", count: 200) + ";",
                    "nplurals=2; plural=" + String(repeating: "!", count: 300) + "n;",
                    "nplurals=2; plural=" + String(repeating: "n?", count: 300) + "0" + String(repeating: ":0", count: 300),
                    "nplurals=2; plural=" + String(repeating: "n+", count: 600) + "n;"] {
            XCTAssertNil(PluralRule(parsing: bad), bad)
        }
    }

    func testTheRuleAsScriptHasOnlyTheGrammarsTokens() throws {
        let r = try rule("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
        let script = r.javascript
        XCTAssertTrue(script.hasPrefix("(function (n) {"), script)
        let allowed = CharacterSet(charactersIn: "n0123456789 ()?:=!<>&|%*/+-;{}.,").union(.letters)
        XCTAssertTrue(script.unicodeScalars.allSatisfy(allowed.contains), script)
        XCTAssertFalse(script.contains("\""))
    }
}
