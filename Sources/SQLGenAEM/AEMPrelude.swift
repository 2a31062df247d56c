// The fixed part of every AEM schema: the scalars, operator enums, filter inputs, asset reference
// types, metadata types, `_assetTransform` inputs and our model directives. Written for sqlgen from
// a real 2022 AEM introspection result (the filter, operator, metadata and reference shapes) plus
// what AEM as a Cloud Service documents since (`_dynamicUrl`, `_id`, `AssetTransform`, paging).
//
// The per-scalar filter and metadata types come from one table (`aemScalarFilters`) so that the
// eight filterable scalars stay consistent; the operator enums of scalars that compare alike and
// the page and asset references share their common lines; the rest is plain SDL.

import SQLGenLanguage
import SQLGenSchema

extension AEMDialect {
    /// The prelude as SDL text. `expand` parses it and puts its definitions first in the output.
    public static var preludeSDL: String { aemPreludeCore + aemScalarFilters() + aemMetadataTypes() + aemAssetTransform }
}

/// The operators of the numeric scalars (`IntOperator`, `FloatOperator`), alike in AEM.
private let numericOperators = """
  EQUAL
  UNEQUAL
  GREATER
  GREATER_EQUAL
  LOWER
  LOWER_EQUAL
"""

/// The operators of the date and time scalars (`CalendarOperator`, `DateOperator`, `TimeOperator`).
private let temporalOperators = """
  AT
  NOT_AT
  BEFORE
  AT_OR_BEFORE
  AFTER
  AT_OR_AFTER
"""

/// The fields every page and asset reference type starts with.
private let referenceFields = """
  type: String
  _id: ID
  _path: ID
  _authorUrl: String
  _publishUrl: String
"""

private let aemPreludeCore = #"""
schema {
  query: QueryType
}

"""
Declares an AEM content fragment model. The type name ends in `Model` (`AdventureModel`); the
model's query fields take the name before it with a lower-case first letter (`adventureList`,
`adventureByPath`, `adventurePaginated`, `adventureById`). `path` is the model's configuration path
(`/conf/wknd-shared/settings/dam/cfm/models/adventure`); fragments name their model by it.
"""
directive @model(path: String, title: String, description: String) on OBJECT

"An enumeration field: a `String` (or `[String]`) restricted to these values."
directive @enumeration(values: [String!]!) on FIELD_DEFINITION

"A tags field: `[String]` of tag ids such as `wknd-shared:activity/surfing`."
directive @tags on FIELD_DEFINITION

"AEM's own directives (present in its introspection results)."
directive @resolver(name: String, options: String, source: String) on UNION

directive @fetcher(name: String, options: String, source: String) on FIELD_DEFINITION

"Marks a connection type according to the Relay specification."
directive @connection(
  "The type for which the connection is created."
  for: String!
) on FIELD_DEFINITION

"A date and time (ISO 8601 with offset), as AEM's Date and Time fields store it."
scalar Calendar

"A date without a time (ISO 8601 `yyyy-MM-dd`)."
scalar Date

"A time of day without a date (ISO 8601 `HH:mm:ss`)."
scalar Time

"Any JSON value (a JSON object field, or the `json` form of multi-line text)."
scalar Json

"How a filter combines its expressions."
enum LogOp {
  AND
  OR
}

"How an expression applies to the values of a multi-valued field."
enum ArrayMode {
  AT_LEAST_ONCE
  ALL
  ALL_OR_EMPTY
  INSTANCES
}

enum StringOperator {
  EQUALS
  EQUALS_NOT
  CONTAINS
  CONTAINS_NOT
}

enum IDOperator {
  EQUALS
  EQUALS_NOT
  STARTS_WITH
}

enum IntOperator {
\#(numericOperators)
}

enum FloatOperator {
\#(numericOperators)
}

enum BooleanOperator {
  EQUALS
}

enum CalendarOperator {
\#(temporalOperators)
}

enum DateOperator {
\#(temporalOperators)
}

enum TimeOperator {
\#(temporalOperators)
}

"Multi-line text in each of its formats."
type MultiFormatString {
  html: String
  markdown: String
  plaintext: String
  json: Json
}

input MultiFormatStringFilter {
  _logOp: LogOp = AND
  html: StringFilter
  markdown: StringFilter
  plaintext: StringFilter
}

input MultiFormatStringArrayFilter {
  _match: MultiFormatStringFilter
  _apply: ArrayMode
}

"The model a fragment was created from."
type ModelInfo {
  _path: ID
  title: String
}

"A reference to a Sites page."
type PageRef {
\#(referenceFields)
}

"A smart crop of an image (Dynamic Media)."
type SmartCrop {
  name: String
  width: Int
  height: Int
}

"A reference to an image asset."
type ImageRef {
\#(referenceFields)
  "Host-less URL of the web-optimized rendition, shaped by `_assetTransform` (AEM as a Cloud Service)."
  _dynamicUrl: String
  _dmS7Url: String
  _smartCrops: [SmartCrop]
  width: Int
  height: Int
  mimeType: String
}

"A reference to a video or audio asset."
type MultimediaRef {
\#(referenceFields)
  size: Int
  format: String
}

"A reference to an archive asset."
type ArchiveRef {
\#(referenceFields)
  size: Int
  format: String
}

"A reference to a document asset."
type DocumentRef {
\#(referenceFields)
  size: Int
  author: String
  format: String
}

"Forward paging state of a `...Paginated` result."
type PageInfo {
  startCursor: String
  endCursor: String
  hasNextPage: Boolean!
  hasPreviousPage: Boolean!
}

"""#

/// `(scalar, operator enum, default operator, extra expression fields)` for each filterable scalar.
private let filterableScalars: [(String, String, String, String)] = [
    ("String", "StringOperator", "EQUALS", "  _ignoreCase: Boolean\n"),
    ("ID", "IDOperator", "EQUALS", ""),
    ("Int", "IntOperator", "EQUAL", ""),
    ("Float", "FloatOperator", "EQUAL", "  _sensitiveness: Float\n"),
    ("Boolean", "BooleanOperator", "EQUALS", ""),
    ("Calendar", "CalendarOperator", "AT", ""),
    ("Date", "DateOperator", "AT", ""),
    ("Time", "TimeOperator", "AT", ""),
]

/// `<S>Filter`, `<S>FilterExpression`, `<S>ArrayFilter`, `<S>ArrayFilterExpression` per scalar.
private func aemScalarFilters() -> String {
    var text = ""
    for (scalar, op, defaultOperator, extra) in filterableScalars {
        text += """
        input \(scalar)Filter {
          _logOp: LogOp = AND
          _expressions: [\(scalar)FilterExpression]!
        }

        input \(scalar)FilterExpression {
          value: \(scalar)
          _operator: \(op) = \(defaultOperator)
        \(extra)}

        input \(scalar)ArrayFilter {
          _logOp: LogOp = AND
          _expressions: [\(scalar)ArrayFilterExpression]!
        }

        input \(scalar)ArrayFilterExpression {
          value: \(scalar)
          values: [\(scalar)]
          _apply: ArrayMode
          "How many values must match when `_apply` is INSTANCES."
          _instances: Int
          _operator: \(op) = \(defaultOperator)
        \(extra)}


        """
    }
    return text
}

/// The `_metadata` lists: `<S>Metadata` and `<S>ArrayMetadata` per metadata scalar, and `TypedMetaData`.
private func aemMetadataTypes() -> String {
    let scalars = ["String", "Int", "Float", "Boolean", "Calendar"]
    var text = ""
    var lists = ""
    for scalar in scalars {
        text += """
        type \(scalar)Metadata {
          name: String!
          value: \(scalar)!
        }

        type \(scalar)ArrayMetadata {
          name: String!
          value: [\(scalar)]!
        }


        """
        let lower = scalar.prefix(1).lowercased() + scalar.dropFirst()
        lists += "  \(lower)Metadata: [\(scalar)Metadata]!\n  \(lower)ArrayMetadata: [\(scalar)ArrayMetadata]!\n"
    }
    return text + "\"A fragment's metadata, grouped by value type.\"\ntype TypedMetaData {\n" + lists + "}\n\n"
}

private let aemAssetTransform = #"""
"Output formats of web-optimized image delivery."
enum AssetTransformFormat {
  GIF
  PNG
  PNG8
  JPG
  PJPG
  BJPG
  WEBP
  WEBPLL
  WEBPLY
}

enum AssetTransformRotation {
  R90
  R180
  R270
}

enum AssetTransformFlip {
  HORIZONTAL
  VERTICAL
  HORIZONTAL_AND_VERTICAL
}

input AssetTransformCrop {
  xOrigin: Int
  yOrigin: Int
  width: Int
  height: Int
}

input AssetTransformSize {
  width: Int
  height: Int
}

"How `_dynamicUrl` renders images (web-optimized image delivery)."
input AssetTransform {
  format: AssetTransformFormat
  seoName: String
  crop: AssetTransformCrop
  size: AssetTransformSize
  rotation: AssetTransformRotation
  flip: AssetTransformFlip
  quality: Int
  width: Int
  preferWebp: Boolean
}

"""#
