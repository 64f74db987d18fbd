// Setting the typing attributes directly, as an app assigns `UITextView.typingAttributes`.

extension Editor {
    /// Makes `attributes` what text typed now takes, as assigning `UITextView.typingAttributes`
    /// does: no undo step, no event; the next selection change resets them to the inherited ones.
    /// `link` is never a typing attribute and is dropped; paragraph attributes stay those of the
    /// caret's paragraph (typed text joins that paragraph), so paragraph keys in `attributes` are
    /// ignored.
    public func setTypingAttributes(_ attributes: Attributes) {
        var result = Attributes()
        for entry in attributes.entries where entry.key != .link && !entry.key.isParagraph {
            try? result.set(entry.key, entry.value)
        }
        for entry in typingAttributes.entries where entry.key.isParagraph {
            try? result.set(entry.key, entry.value)
        }
        typingStorage = result
    }
}
