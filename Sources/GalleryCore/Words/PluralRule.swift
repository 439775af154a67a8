import Foundation

/// A language's plural rule from its catalogue's `Plural-Forms` header (`nplurals=3; plural=(n==1 ? 0 : n%10>=2 &&
/// n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);`): how many forms the language has, and which one a count takes.
/// The expression is gettext's subset of C: `n`, whole numbers, `! * / % + - < > <= >= == != && || ?:` and
/// parentheses, on unsigned whole numbers as gettext evaluates them. Read from a file, so hostile: a rule longer than
/// `maxCharacters` or nested deeper than `maxDepth` is refused, and division by zero gives 0, never a trap.
public struct PluralRule: Sendable, Equatable {
    /// How many forms (`nplurals`): 1 for Japanese, 2 for English, 3 for Polish, 6 for Arabic.
    public let count: Int
    let expression: Node

    public static let maxCharacters = 1_000
    public static let maxDepth = 64
    /// English's (and gettext's rule when a catalogue names none): one, and everything else.
    public static let germanic = PluralRule(count: 2, expression: .binary("!=", .n, .number(1)))

    init(count: Int, expression: Node) {
        self.count = count
        self.expression = expression
    }

    /// Reads a `Plural-Forms` value; nil when it does not read (then the catalogue uses `germanic`, as gettext does).
    public init?(parsing header: String) {
        guard header.count <= Self.maxCharacters,
              let nplurals = Self.value(of: "nplurals", in: header).flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
              (1...100).contains(nplurals),
              var plural = Self.value(of: "plural", in: header) else { return nil }
        plural = plural.trimmingCharacters(in: .whitespacesAndNewlines)
        var parser = Parser(tokens: Tokenizer.tokens(plural) ?? [])
        guard !parser.tokens.isEmpty, let node = try? parser.ternary(depth: 0), parser.atEnd else { return nil }
        self.init(count: nplurals, expression: node)
    }

    /// The form (0 ..< count) for `n`; a rule answering outside the forms answers 0, as glibc does.
    public func form(for n: Int) -> Int {
        let value = expression.evaluate(UInt64(n.magnitude))
        return value < UInt64(count) ? Int(value) : 0
    }

    /// The rule as a JavaScript expression of `n` giving the form's index (the remote page's plurals). Made from
    /// the parsed rule, never from the header's text, so nothing but the grammar's own tokens reaches the page.
    public var javascript: String { "(function (n) { const f = \(expression.javascript); return f < \(count) ? f : 0; })" }

    /// `name=value` up to the next `;` (or the end).
    private static func value(of name: String, in header: String) -> String? {
        var rest = Substring(header)
        while let found = rest.range(of: name) {
            let before = rest[..<found.lowerBound].last
            var after = rest[found.upperBound...].drop { $0 == " " }
            rest = rest[found.upperBound...]
            guard before == nil || before == ";" || before == " " || before == "\t", after.first == "=" else { continue }
            after = after.dropFirst()
            return String(after.prefix { $0 != ";" })
        }
        return nil
    }

    indirect enum Node: Sendable, Equatable {
        case n
        case number(UInt64)
        case not(Node)
        case binary(String, Node, Node)
        case choice(Node, Node, Node)

        func evaluate(_ n: UInt64) -> UInt64 {
            switch self {
            case .n: return n
            case .number(let value): return value
            case .not(let inner): return inner.evaluate(n) == 0 ? 1 : 0
            case .choice(let test, let yes, let no): return test.evaluate(n) != 0 ? yes.evaluate(n) : no.evaluate(n)
            case .binary(let op, let left, let right):
                let a = left.evaluate(n)
                if op == "&&" { return a != 0 && right.evaluate(n) != 0 ? 1 : 0 }
                if op == "||" { return a != 0 || right.evaluate(n) != 0 ? 1 : 0 }
                let b = right.evaluate(n)
                switch op {
                case "*": return a &* b
                case "/": return b == 0 ? 0 : a / b
                case "%": return b == 0 ? 0 : a % b
                case "+": return a &+ b
                case "-": return a &- b
                case "<": return a < b ? 1 : 0
                case ">": return a > b ? 1 : 0
                case "<=": return a <= b ? 1 : 0
                case ">=": return a >= b ? 1 : 0
                case "==": return a == b ? 1 : 0
                default: return a != b ? 1 : 0
                }
            }
        }

        /// Every value a whole number, as in C: comparisons and logic give 0 or 1.
        var javascript: String {
            switch self {
            case .n: return "n"
            case .number(let value): return String(value)
            case .not(let inner): return "(\(inner.javascript) ? 0 : 1)"
            case .choice(let test, let yes, let no): return "(\(test.javascript) ? \(yes.javascript) : \(no.javascript))"
            case .binary(let op, let left, let right):
                switch op {
                case "&&", "||", "<", ">", "<=", ">=":
                    return "((\(left.javascript)) \(op) (\(right.javascript)) ? 1 : 0)"
                case "==", "!=":
                    return "((\(left.javascript)) \(op)= (\(right.javascript)) ? 1 : 0)"
                case "/", "%":
                    return "((\(right.javascript)) === 0 ? 0 : Math.trunc((\(left.javascript)) \(op) (\(right.javascript))))"
                default:
                    return "((\(left.javascript)) \(op) (\(right.javascript)))"
                }
            }
        }
    }

    enum Token: Equatable { case n, number(UInt64), symbol(String) }

    enum Tokenizer {
        static let symbols = ["<=", ">=", "==", "!=", "&&", "||", "!", "*", "/", "%", "+", "-", "<", ">", "?", ":", "(", ")"]

        static func tokens(_ text: String) -> [Token]? {
            var out: [Token] = []
            var rest = Substring(text)
            while let first = rest.first {
                if first == " " || first == "\t" || first == "\n" || first == "\r" { rest = rest.dropFirst(); continue }
                if first == "n" { out.append(.n); rest = rest.dropFirst(); continue }
                if first.isASCII, first.isNumber {
                    let digits = rest.prefix { $0.isASCII && $0.isNumber }
                    guard let value = UInt64(digits) else { return nil }
                    out.append(.number(value))
                    rest = rest.dropFirst(digits.count)
                    continue
                }
                guard let symbol = symbols.first(where: { rest.hasPrefix($0) }) else { return nil }
                out.append(.symbol(symbol))
                rest = rest.dropFirst(symbol.count)
            }
            return out
        }
    }

    struct Unreadable: Error {}

    /// Recursive descent in C's precedence, each level a method; `depth` bounds the nesting.
    struct Parser {
        let tokens: [Token]
        var at = 0
        init(tokens: [Token]) { self.tokens = tokens }

        var atEnd: Bool { at == tokens.count }
        private var next: Token? { at < tokens.count ? tokens[at] : nil }

        private mutating func take(_ symbol: String) -> Bool {
            guard next == Token.symbol(symbol) else { return false }
            at += 1
            return true
        }

        mutating func ternary(depth: Int) throws -> Node {
            guard depth < PluralRule.maxDepth else { throw Unreadable() }
            let test = try binary(level: 0, depth: depth)
            guard take("?") else { return test }
            let yes = try ternary(depth: depth + 1)
            guard take(":") else { throw Unreadable() }
            return .choice(test, yes, try ternary(depth: depth + 1))
        }

        /// Binary operators from the loosest to the tightest.
        static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]]

        private mutating func binary(level: Int, depth: Int) throws -> Node {
            guard level < Self.levels.count else { return try unary(depth: depth) }
            var left = try binary(level: level + 1, depth: depth)
            while case .symbol(let op)? = next, Self.levels[level].contains(op) {
                at += 1
                left = .binary(op, left, try binary(level: level + 1, depth: depth))
            }
            return left
        }

        private mutating func unary(depth: Int) throws -> Node {
            guard depth < PluralRule.maxDepth else { throw Unreadable() }
            if take("!") { return .not(try unary(depth: depth + 1)) }
            switch next {
            case .n?: at += 1; return .n
            case .number(let value)?: at += 1; return .number(value)
            case .symbol("(")?:
                at += 1
                let inner = try ternary(depth: depth + 1)
                guard take(")") else { throw Unreadable() }
                return inner
            default: throw Unreadable()
            }
        }
    }
}
