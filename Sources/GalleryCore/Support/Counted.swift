/// A count with its noun in the right number: "1 photo", "2 photos", "0 photos". English only, until the words go
/// through gettext's plural forms; one function, so that day changes one place.
public func counted(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
