/// A parsed HTTP `Link` header (RFC 8288): a list of `<target>; param=value; …` entries.
///
/// GitHub sends `rel="next"`, `"last"`, `"prev"` and `"first"` for pagination, and other
/// relations with extra parameters, such as `rel="deprecation"; type="text/html"`.
struct LinkHeader: Equatable {
  struct Link: Equatable {
    var target: String
    /// The relation types; `rel` may hold several, separated by spaces.
    var relations: [String]
    /// All parameters, names lower-cased, values unquoted.
    var parameters: [String: String]
  }

  var links: [Link]

  /// The target of the first link whose relations include `relation` (ignoring case).
  func target(for relation: String) -> String? {
    let wanted = relation.lowercased()
    return links.first { $0.relations.contains(wanted) }?.target
  }

  /// Parses a header value.
  ///
  /// Malformed entries are skipped; the parse never fails.
  init(_ value: String) {
    var links: [Link] = []
    var scalars = Substring(value).unicodeScalars[...]

    func skipSpaces() {
      while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    }
    /// Skips to just past the next top-level comma, honouring quoted strings.
    func skipEntry() {
      var quoted = false
      while let first = scalars.popFirst() {
        if first == "\"" { quoted.toggle() }
        if first == "\\", quoted { _ = scalars.popFirst() }
        if first == ",", !quoted { return }
      }
    }

    while true {
      skipSpaces()
      guard let first = scalars.first else { break }
      if first == "," {
        scalars.removeFirst()
        continue
      }
      guard first == "<", let close = scalars.firstIndex(of: ">") else {
        skipEntry()
        continue
      }
      let target = String(Substring(scalars[scalars.index(after: scalars.startIndex)..<close]))
      scalars = scalars[scalars.index(after: close)...]
      var parameters: [String: String] = [:]
      // Parameters: ; name=value or ; name="quoted value"
      while true {
        skipSpaces()
        guard scalars.first == ";" else { break }
        scalars.removeFirst()
        skipSpaces()
        var name = ""
        while let scalar = scalars.first, scalar != "=", scalar != ";", scalar != ",",
          scalar != " "
        {
          name.unicodeScalars.append(scalar)
          scalars.removeFirst()
        }
        skipSpaces()
        var parameterValue = ""
        if scalars.first == "=" {
          scalars.removeFirst()
          skipSpaces()
          if scalars.first == "\"" {
            scalars.removeFirst()
            while let scalar = scalars.popFirst(), scalar != "\"" {
              if scalar == "\\", let escaped = scalars.popFirst() {
                parameterValue.unicodeScalars.append(escaped)
              } else {
                parameterValue.unicodeScalars.append(scalar)
              }
            }
          } else {
            while let scalar = scalars.first, scalar != ";", scalar != ",", scalar != " " {
              parameterValue.unicodeScalars.append(scalar)
              scalars.removeFirst()
            }
          }
        }
        if !name.isEmpty, parameters[name.lowercased()] == nil {
          parameters[name.lowercased()] = parameterValue
        }
      }
      let relations = (parameters["rel"] ?? "").lowercased()
        .split(separator: " ").map(String.init)
      links.append(Link(target: target, relations: relations, parameters: parameters))
      skipSpaces()
      if scalars.first == "," {
        scalars.removeFirst()
      } else if !scalars.isEmpty {
        skipEntry()
      }
    }
    self.links = links
  }
}
