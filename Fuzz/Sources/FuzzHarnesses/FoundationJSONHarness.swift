import CaretCore
import CaretFormats
import CaretFoundation

/// `AttributedString` JSON (docs/foundation.md).
enum FoundationJSONHarness {
    static func run(_ bytes: [UInt8]) {
        let input = String(decoding: bytes, as: UTF8.self)
        let text: AttributedText
        do { text = try FoundationJSON.decode(input).0 } catch let error as FoundationJSONError {
            Harness.require(isShort(error.message), "AttributedString JSON error message of \(error.message.utf8.count) bytes")
            return
        } catch {
            Harness.fail("AttributedString JSON threw an unlocated \(type(of: error)): \(error)")
        }
        checkInvariants(text, "AttributedString JSON \(input.debugDescription)")
        let encoded: (json: String, losses: [FormatLoss])? = try? FoundationJSON.encodeReportingLosses(text)
        guard let encoded else { Harness.fail("AttributedString JSON cannot encode what it decoded: \(input.debugDescription)") }
        guard encoded.losses.isEmpty else { return }
        let json = encoded.json
        let again: AttributedText
        do { again = try FoundationJSON.decode(json).0 } catch {
            Harness.fail("encoded AttributedString JSON does not decode (\(error)): \(json)")
        }
        Harness.require(again == text, "AttributedString JSON decode(encode(x)) != x: \(input.debugDescription) encoded \(json)")
        Harness.require((try? FoundationJSON.encodeReportingLosses(again).json) == json, "AttributedString JSON encode is not idempotent: \(json)")
    }
}
