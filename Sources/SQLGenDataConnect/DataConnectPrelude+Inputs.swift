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
    sdl += """
    "A timestamp computed at request time: `now` or `at`, then shifted and truncated."
    input Timestamp_Relative @fdc_forbiddenAsVariableType @fdc_forbiddenAsFieldType {
      now: True @fdc_oneOf(group: "from", required: true)
      at: Timestamp @fdc_oneOf(group: "from", required: true)
      add: Timestamp_Duration
      sub: Timestamp_Duration
      truncateTo: Timestamp_Interval
    }

    "A span of time; the parts add up."
    input Timestamp_Duration @fdc_forbiddenAsVariableType @fdc_forbiddenAsFieldType {
      milliseconds: Int! = 0
      seconds: Int! = 0
      minutes: Int! = 0
      hours: Int! = 0
      days: Int! = 0
      weeks: Int! = 0
      months: Int! = 0
      years: Int! = 0
    }

    "Units a timestamp can be truncated to."
    enum Timestamp_Interval @fdc_forbiddenAsFieldType {
      SECOND
      MINUTE
      HOUR
      DAY
      WEEK
      MONTH
      YEAR
    }

    "A date computed at request time: `today` or `on`, then shifted and truncated."
    input Date_Relative @fdc_forbiddenAsVariableType @fdc_forbiddenAsFieldType {
      today: True @fdc_oneOf(group: "from", required: true)
      on: Date @fdc_oneOf(group: "from", required: true)
      add: Date_Duration
      sub: Date_Duration
      truncateTo: Date_Interval
    }

    "A span of days; the parts add up."
    input Date_Duration @fdc_forbiddenAsVariableType @fdc_forbiddenAsFieldType {
      days: Int! = 0
      weeks: Int! = 0
      months: Int! = 0
      years: Int! = 0
    }

    "Units a date can be truncated to."
    enum Date_Interval @fdc_forbiddenAsFieldType {
      WEEK
      MONTH
      YEAR
    }


    """
    return sdl
}()

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
