// The prelude's generated part: the filter and update inputs of each column scalar, Date and
// Timestamp with their relative values, and the vector similarity types.

/// The scalars with plain filter / list filter / update / list update inputs. `ordered` adds
/// `gt ge lt le`; `numeric` adds `inc dec`; `expr` names the server-value scalar accepted by
/// `eq_expr`/`ne_expr` and `set_expr`.
let plainScalars: [(name: String, ordered: Bool, numeric: Bool, expr: String?)] = [
    ("String", true, false, "String_Expr"),
    ("UUID", false, false, "UUID_Expr"),
    ("Int", true, true, nil),
    ("Int64", true, true, nil),
    ("Float", true, true, nil),
    ("Boolean", false, false, nil),
    ("Any", false, false, nil),
]

func preludeScalarInputs() -> String {
    var sdl = ""
    for scalar in plainScalars {
        let s = scalar.name
        sdl += "\"Conditions on a `\(s)` column.\"\ninput \(s)_Filter {\n  isNull: Boolean\n"
        if let expr = scalar.expr {
            sdl += "  eq: \(s) @fdc_oneOf(group: \"eq\")\n  eq_expr: \(expr) @fdc_oneOf(group: \"eq\")\n"
            sdl += "  ne: \(s) @fdc_oneOf(group: \"ne\")\n  ne_expr: \(expr) @fdc_oneOf(group: \"ne\")\n"
        } else {
            sdl += "  eq: \(s)\n  ne: \(s)\n"
        }
        sdl += "  in: [\(s)!]\n  nin: [\(s)!]\n"
        if scalar.ordered {
            sdl += "  gt: \(s)\n  ge: \(s)\n  lt: \(s)\n  le: \(s)\n"
        }
        if s == "String" {
            sdl += "  contains: String\n  startsWith: String\n  endsWith: String\n  pattern: String_Pattern\n"
        }
        sdl += "}\n\n"
        sdl += "\"Conditions on a `[\(s)!]` column.\"\ninput \(s)_ListFilter {\n"
        sdl += "  includes: \(s)\n  excludes: \(s)\n  includesAll: [\(s)!]\n  excludesAll: [\(s)!]\n}\n\n"
        sdl += "\"Changes to a `\(s)` column.\"\ninput \(s)_Update {\n"
        if let expr = scalar.expr {
            sdl += "  set: \(s) @fdc_oneOf(group: \"set\")\n  set_expr: \(expr) @fdc_oneOf(group: \"set\")\n"
        } else {
            sdl += "  set: \(s)\n"
        }
        if scalar.numeric {
            sdl += "  inc: \(s)\n  dec: \(s)\n"
        }
        sdl += "}\n\n"
        sdl += "\"Changes to a `[\(s)!]` column.\"\ninput \(s)_ListUpdate {\n"
        sdl += "  set: [\(s)!]\n  append: [\(s)!]\n  prepend: [\(s)!]\n  add: [\(s)!]\n  remove: [\(s)!]\n}\n\n"
    }
    sdl += """
    "A `LIKE` or regular-expression match on a String column."
    input String_Pattern {
      like: String
      regex: String
      ignoreCase: Boolean
      invert: Boolean
    }


    """
    return sdl
}

/// Date and Timestamp: every comparison also takes a CEL expression (`_expr`) or a value relative
/// to the request time (`_date` / `_time`).
let preludeTemporal: String = {
    var sdl = ""
    for (s, suffix, relative) in [("Date", "date", "Date_Relative"), ("Timestamp", "time", "Timestamp_Relative")] {
        func oneOf(_ op: String) -> String {
            "  \(op): \(s) @fdc_oneOf(group: \"\(op)\")\n  \(op)_expr: \(s)_Expr @fdc_oneOf(group: \"\(op)\")\n  \(op)_\(suffix): \(relative) @fdc_oneOf(group: \"\(op)\")\n"
        }
        sdl += "\"Conditions on a `\(s)` column.\"\ninput \(s)_Filter {\n  isNull: Boolean\n"
        sdl += oneOf("eq") + oneOf("ne")
        sdl += "  in: [\(s)!]\n  nin: [\(s)!]\n"
        sdl += oneOf("gt") + oneOf("ge") + oneOf("lt") + oneOf("le")
        sdl += "}\n\n"
        sdl += "\"Conditions on a `[\(s)!]` column.\"\ninput \(s)_ListFilter {\n"
        sdl += oneOf("includes") + oneOf("excludes")
        sdl += "  includesAll: [\(s)!]\n  excludesAll: [\(s)!]\n}\n\n"
        sdl += "\"Changes to a `\(s)` column.\"\ninput \(s)_Update {\n" + oneOf("set") + "}\n\n"
        sdl += "\"Changes to a `[\(s)!]` column.\"\ninput \(s)_ListUpdate {\n"
        sdl += "  set: [\(s)!]\n  append: [\(s)!]\n  prepend: [\(s)!]\n  add: [\(s)!]\n  remove: [\(s)!]\n  delete: Int\n  i: Int\n  update: \(s)\n}\n\n"
    }
    sdl += relativeValueInputs("Timestamp", noun: "timestamp", current: "now", given: "at", span: "time",
                               durationUnits: ["milliseconds", "seconds", "minutes", "hours", "days", "weeks", "months", "years"],
                               intervalUnits: ["SECOND", "MINUTE", "HOUR", "DAY", "WEEK", "MONTH", "YEAR"])
    sdl += relativeValueInputs("Date", noun: "date", current: "today", given: "on", span: "days",
                               durationUnits: ["days", "weeks", "months", "years"], intervalUnits: ["WEEK", "MONTH", "YEAR"])
    return sdl
}()

/// `<scalar>_Relative`: the request's own value (`current`) or a `given` one, shifted by a
/// `<scalar>_Duration` and truncated to a `<scalar>_Interval`. Date and Timestamp differ in names and units.
private func relativeValueInputs(_ scalar: String, noun: String, current: String, given: String, span: String,
                                 durationUnits: [String], intervalUnits: [String]) -> String {
    """
    "A \(noun) computed at request time: `\(current)` or `\(given)`, then shifted and truncated."
    input \(scalar)_Relative @fdc_forbiddenAsVariableType @fdc_forbiddenAsFieldType {
      \(current): True @fdc_oneOf(group: "from", required: true)
      \(given): \(scalar) @fdc_oneOf(group: "from", required: true)
      add: \(scalar)_Duration
      sub: \(scalar)_Duration
      truncateTo: \(scalar)_Interval
    }

    "A span of \(span); the parts add up."
    input \(scalar)_Duration @fdc_forbiddenAsVariableType @fdc_forbiddenAsFieldType {
    \(durationUnits.map { "  \($0): Int! = 0\n" }.joined())}

    "Units a \(noun) can be truncated to."
    enum \(scalar)_Interval @fdc_forbiddenAsFieldType {
    \(intervalUnits.map { "  \($0)\n" }.joined())}


    """
}

let preludeVector = #"""
"A vector of floats (pgvector)."
scalar Vector

"How vector similarity is measured."
enum VectorSimilarityMethod {
  L2
  COSINE
  INNER_PRODUCT
}

"Conditions on a `Vector` column."
input Vector_Filter {
  eq: Vector
  ne: Vector
  in: [Vector!]
  nin: [Vector!]
  isNull: Boolean
}

"Conditions on a `[Vector!]` column."
input Vector_ListFilter {
  includes: Vector
  excludes: Vector
  includesAll: [Vector!]
  excludesAll: [Vector!]
}

"Changes to a `Vector` column."
input Vector_Update {
  set: Vector @fdc_oneOf(group: "set")
  set_embed: Vector_Embed @fdc_oneOf(group: "set")
}

"Changes to a `[Vector]` column."
input Vector_ListUpdate {
  set: [Vector]
  append: [Vector]
  prepend: [Vector]
  delete: Int
  i: Int
  update: Vector
}

"Computes a vector from text with an embedding model."
input Vector_Embed @fdc_forbiddenAsVariableType {
  model: Vector_Embed_Model!
  text: String!
}

"The name of a Vertex AI embedding model, e.g. `text-embedding-004`."
scalar Vector_Embed_Model @fdc_forbiddenAsVariableType @fdc_forbiddenAsFieldType

"""#
