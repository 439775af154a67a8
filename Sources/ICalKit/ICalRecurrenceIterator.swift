import CICal

/// The turns of a recurrence rule from a start (`icalrecur_iterator_new`), freed with `icalrecur_iterator_free`.
/// Turns come in the start's zone, in order. Nothing bounds it but its caller: a rule without end never ends.
public final class ICalRecurrenceIterator {
    private let iterator: OpaquePointer
    /// The start's calendar (the turns' zone is the start's) and the rule's, kept alive while it runs.
    private let owner: AnyObject?
    private let ruleOwner: AnyObject?

    public init(rule: ICalRule, start: ICalTime) throws {
        _ = ICalLibrary.prepared
        guard let made = icalrecur_iterator_new(rule.raw, start.raw) else { throw ICalError.badRule(rule.text) }
        iterator = made
        owner = start.owner
        ruleOwner = rule.owner
    }

    deinit { icalrecur_iterator_free(iterator) }

    /// Skips to the first turn at or after `time` (`icalrecur_iterator_set_start`); false for a rule with a COUNT,
    /// whose turns must be counted from the start.
    public func skip(to time: ICalTime) -> Bool { icalrecur_iterator_set_start(iterator, time.raw) != 0 }

    /// The next turn, nil after the last (`icalrecur_iterator_next`).
    public func next() -> ICalTime? { ICalTime(icalrecur_iterator_next(iterator), owner: owner) }
}
