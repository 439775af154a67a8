import Foundation

/// The body of `POST /api/v1/settings`: a JSON object of settings by their long names, each a string, a number or
/// true/false (`{"interval": 8, "kiosk": true, "schedule": "07:00-23:00"}`), turned into the text the configuration
/// file holds (8, yes, 07:00-23:00). The values are `FrameSettings.save`'s to check; here only their form.
public enum RemoteSettingsBody {
    /// Settings in one request at most (the form has a few dozen).
    public static let maxSettings = 100
    /// A name's and a value's longest form, in bytes.
    public static let maxNameBytes = 64
    public static let maxValueBytes = 1024

    public static func parse(_ data: Data, maxBytes: Int = RemoteLimits.standard.maxBodyBytes)
        -> Result<[String: String], SettingsRefusal> {
        guard data.count <= maxBytes else { return .failure(SettingsRefusal(message: "the body is longer than \(maxBytes) bytes")) }
        do {
            return .success(try JSONDecoder().decode(Values.self, from: data).values)
        } catch let refusal as SettingsRefusal {
            return .failure(refusal)
        } catch {
            return .failure(SettingsRefusal(message: #"the body must be a JSON object of settings such as {"interval": 8}"#))
        }
    }

    struct Values: Decodable {
        var values: [String: String] = [:]

        init(from decoder: Decoder) throws {
            let object = try decoder.container(keyedBy: JSONMember.self)
            guard object.allKeys.count <= maxSettings else {
                throw SettingsRefusal(message: "more than \(maxSettings) settings at once")
            }
            var problems: [String: String] = [:]
            for key in object.allKeys {
                let name = key.stringValue
                guard !name.isEmpty, name.utf8.count <= maxNameBytes else {
                    throw SettingsRefusal(message: "a setting's name must be 1 to \(maxNameBytes) bytes")
                }
                do {
                    let value = try JSONMember.text(in: object, at: name, what: "a string, a number or true/false",
                                                    truthAsWords: true) ?? ""
                    guard value.utf8.count <= maxValueBytes else {
                        problems[name] = "longer than \(maxValueBytes) bytes"
                        continue
                    }
                    values[name] = value
                } catch let refusal as CommandRefusal {
                    problems[name] = refusal.message
                }
            }
            if !problems.isEmpty {
                throw SettingsRefusal(message: "some settings are not a string, a number or true/false", problems: problems)
            }
        }
    }
}
