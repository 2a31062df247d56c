"""The probes: a name, a query, optional variables and operationName, and `exclude` with the
reason where the emulator legitimately answers otherwise. `{ID}` is the first seeded movie's id."""

PROBES = [
    # Field collection and merging
    {"name": "simple list", "query": "{ movies { title } }"},
    {"name": "every scalar kind", "query": "{ movies(limit: 2) { id title releaseYear genre rating aspectRatio description } }"},
    {"name": "same field twice merges", "query": "{ movies(limit: 2) { title title genre } }"},
    {"name": "merged sub-selections", "query": "{ movies(limit: 1) { title } movies(limit: 1) { genre } }"},
    {"name": "field order follows the query", "query": "{ movies(limit: 2) { rating title releaseYear } }"},
    {"name": "offset and limit", "query": "{ movies(offset: 1, limit: 2) { title } }"},
    {"name": "lookup by id", "query": '{ movie(id: "{ID}") { title genre } }'},
    {"name": "lookup that finds nothing", "query": '{ movie(id: "00000000000000000000000000000000") { title } }'},
    # Aliases
    {"name": "aliases on root fields", "query": "{ a: movies(limit: 1) { title } b: movies(offset: 1, limit: 1) { t: title } }"},
    {"name": "alias shadowing another field", "query": "{ movies(limit: 2) { genre: title title: genre } }"},
    {"name": "alias merged with the field", "query": "{ movies(limit: 1) { title name: title } }"},
    # @skip / @include
    {"name": "skip true literal", "query": "{ movies(limit: 2) { title genre @skip(if: true) } }"},
    {"name": "skip false literal", "query": "{ movies(limit: 2) { title genre @skip(if: false) } }"},
    {"name": "include false literal", "query": "{ movies(limit: 2) { title @include(if: false) genre } }"},
    {"name": "include with variable", "query": "query($v: Boolean!) { movies(limit: 2) { title @include(if: $v) genre } }",
     "variables": {"v": True}},
    {"name": "skip with variable", "query": "query($v: Boolean!) { movies(limit: 2) { title @skip(if: $v) genre } }",
     "variables": {"v": True}},
    {"name": "skip and include together", "query": "{ movies(limit: 1) { title @skip(if: false) @include(if: false) genre } }"},
    {"name": "skipped root field", "query": "{ movies(limit: 1) @skip(if: true) { title } __typename }"},
    {"name": "one of two merged nodes skipped", "query": "{ movies(limit: 1) { title @skip(if: true) title } }"},
    {"name": "include on a fragment spread", "query": "query($v: Boolean = false) { movies(limit: 1) { ...F @include(if: $v) genre } } fragment F on Movie { title }"},
    {"name": "variable default used by skip", "query": "query($v: Boolean = true) { movies(limit: 1) { title @skip(if: $v) genre } }"},
    # graphql-core 3.3.2 words it "Argument "if" has invalid value: Expected variable "$v" provided
    # to non-null type "Boolean!" not to be None."; the emulator keeps graphql-js 16's wording.
    {"name": "null condition variable in a list", "query": "query($v: Boolean = true) { movies(limit: 1) { title @include(if: $v) } }",
     "variables": {"v": None}, "messages": False},
    {"name": "null condition variable in a lookup", "query": 'query($v: Boolean = true) { movie(id: "{ID}") { title @skip(if: $v) } }',
     "variables": {"v": None}, "messages": False},
    {"name": "null condition variable on the root", "query": "query($v: Boolean = true) { __typename @skip(if: $v) }",
     "variables": {"v": None}, "messages": False},
    # Fragments and inline fragments
    {"name": "named fragment", "query": "{ movies(limit: 2) { ...F } } fragment F on Movie { title rating }"},
    {"name": "nested fragments", "query": "{ movies(limit: 1) { ...A } } fragment A on Movie { title ...B } fragment B on Movie { genre }"},
    {"name": "inline fragment with type", "query": "{ movies(limit: 1) { ... on Movie { title } genre } }"},
    {"name": "inline fragment without type", "query": "{ movies(limit: 1) { ... { title } } }"},
    {"name": "fragment on Query", "query": "{ ...Q } fragment Q on Query { movies(limit: 1) { title } }"},
    {"name": "inline fragment with skip", "query": "{ movies(limit: 1) { ... @skip(if: true) { title } genre } }"},
    # __typename
    {"name": "typename on root", "query": "{ __typename }"},
    {"name": "typename on objects", "query": "{ movies(limit: 2) { __typename title } }"},
    {"name": "aliased typename", "query": "{ t: __typename movies(limit: 1) { k: __typename } }"},
    # Variables and input coercion
    {"name": "int variable", "query": "query($n: Int) { movies(limit: $n) { title } }", "variables": {"n": 2}},
    {"name": "variable with default", "query": "query($n: Int = 1) { movies(limit: $n) { title } }"},
    {"name": "variable default overridden", "query": "query($n: Int = 1) { movies(limit: $n) { title } }", "variables": {"n": 3}},
    {"name": "explicit null variable over a default", "query": "query($n: Int = 1) { movies(limit: $n) { title } }", "variables": {"n": None}},
    # graphql-core 3.3.2 words these "has invalid value: Expected ..."; the emulator keeps
    # graphql-js's wording (`Variable "$n" of required type "Int!" was not provided.`).
    {"name": "missing required variable", "query": "query($n: Int!) { movies(limit: $n) { title } }", "messages": False},
    {"name": "null for a required variable", "query": "query($n: Int!) { movies(limit: $n) { title } }", "variables": {"n": None},
     "messages": False},
    {"name": "missing required variable on line 2", "query": "\nquery Q($a: Int, $n: Int!) { movies(limit: $n) { title } }", "messages": False},
    # The emulator words scalar coercion errors its own way ("got invalid value "two"; Int cannot
    # represent this value: expected a 32-bit integer."); data and locations still agree.
    {"name": "string for an Int variable", "query": "query($n: Int) { movies(limit: $n) { title } }", "variables": {"n": "two"},
     "messages": False},
    {"name": "float for an Int variable", "query": "query($n: Int) { movies(limit: $n) { title } }", "variables": {"n": 1.5},
     "messages": False},
    {"name": "unused variable", "query": "query($n: Int, $m: Int) { movies(limit: $n) { title } }", "variables": {"n": 1}},
    {"name": "uuid variable", "query": "query($id: UUID) { movie(id: $id) { title } }", "variables": {"id": "{ID}"}},
    {"name": "null literal argument over a default", "query": "{ movies(limit: null) { title } }"},
    {"name": "null literal argument", "query": "{ movies(offset: null, limit: 1) { title } }"},
    # Operation selection
    {"name": "operation by name", "query": "query A { movies(limit: 1) { title } } query B { __typename }", "operationName": "B"},
    {"name": "operation name missing with two operations", "query": "query A { __typename } query B { __typename }"},
    {"name": "unknown operation name", "query": "query A { __typename }", "operationName": "C"},
    {"name": "single named operation without a name", "query": "query A { __typename }"},
    # Validation (request errors)
    {"name": "unknown field", "query": "{ movies { zzzzzz } }"},
    {"name": "syntax error", "query": "{ movies { title }"},
    {"name": "undefined variable", "query": "{ movies(limit: $n) { title } }"},
    {"name": "leaf with selection", "query": "{ movies { title { x } } }"},
    # Null propagation (the emulator's @check is its own way to raise a field error)
    {"name": "error on a nullable field nulls the field", "query": '{ movies(limit: 2) { title genre @check(expr: "false", message: "no") } }'},
    {"name": "error on a non-null field nulls up to data", "query": '{ movies(limit: 1) { title @check(expr: "false", message: "no") } }'},
    {"name": "error on a nullable root field", "query": '{ movies(limit: 1) { title } movie(id: "{ID}") @check(expr: "false", message: "no") { title } }'},
    {"name": "root fields after a failed check", "query": '{ movie(id: "{ID}") @check(expr: "false", message: "no") { title } movies(limit: 1) { title } }',
     "exclude": "Data Connect aborts the root fields after a failed @check (\"(aborted)\"), and movies is non-null"},
    {"name": "error on a non-null field of an aliased list", "query": '{ a: movies(limit: 1) { t: title @check(expr: "false", message: "no") } }'},
    {"name": "errors on a nullable field of every row", "query": '{ movies(limit: 3) { genre @check(expr: "false") } }'},
    {"name": "error on a non-null field inside a nullable lookup", "query": '{ movie(id: "{ID}") { title @check(expr: "false", message: "no") genre } }'},
    {"name": "passing check", "query": '{ movies(limit: 1) { title @check(expr: "true") } }'},
    # Introspection
    {"name": "enum type", "query": '{ __type(name: "AspectRatio") { kind name enumValues { name } } }'},
    {"name": "scalar type", "query": '{ __type(name: "UUID") { kind name } }'},
    {"name": "unknown type", "query": '{ __type(name: "Nope") { name } }'},
    {"name": "root type names", "query": "{ __schema { queryType { name } } }"},
    {"name": "field types of Movie", "query": '{ __type(name: "Movie") { fields { name type { kind name ofType { name } } } } }',
     "exclude": "the emulator's Movie has Data Connect's aggregate fields (_count, title_count, ...)"},
    {"name": "null variable for includeDeprecated: Boolean! = false",
     "query": 'query($d: Boolean = false) { __type(name: "AspectRatio") { enumValues(includeDeprecated: $d) { name } } }',
     "variables": {"d": None}, "messages": False},
    {"name": "a built-in scalar", "query": '{ __type(name: "Int") { kind name } }'},
]
