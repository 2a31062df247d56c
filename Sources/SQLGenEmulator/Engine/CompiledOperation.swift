// An operation compiled once, when it is loaded, persisted or received: what answering it needs
// that no request changes. Every request then goes through one prelude (`admit`) and one
// `respond` path, which only chooses where the work runs.

import SQLGenLanguage
import SQLGenSchema

/// An operation ready to answer requests: its document, variable declarations, the limits'
/// verdict on its size, who may run it, its SQL plan and whether the event loop may answer it.
struct CompiledOperation: Sendable {
    var connector: String
    var name: String
    let document: Document
    let operation: OperationDefinition
    let source: Source
    let fragments: [String: FragmentDefinition]
    /// Who may run it, from `@auth`. Ad-hoc documents and seeds run with admin rights.
    let access: AccessLevel
    /// The `@auth(expr:)` condition, when `access` is `.expression`.
    let authExpression: String?
    /// The operation with its fragments, printed (`list.json`); empty for ad-hoc documents.
    let text: String
    /// Each variable's declared type, to read values given in a URL path.
    let variableTypes: [String: TypeReference]
    /// Why the operation is too large for the limits, nil when it is not.
    let limitFailure: FieldFailure?
    /// How deep executing it recurses (sizes the execution stack).
    let nesting: Int
    /// The SQL plan of a query the planner covers (see `QueryPlanner`).
    private(set) var plan: QueryPlan?
    /// A cheap query the HTTP event loop may answer itself (see `InlineLookup`).
    private(set) var answersInline = false
    /// A query whose plan reads in one statement, which needs no transaction around it.
    private(set) var readsInOneStatement = false
    /// Headers every answer of the operation carries (an AEM query's cache headers).
    var answerHeaders: [(String, String)] = []

    var isQuery: Bool { operation.operation == .query }
    var isMutation: Bool { operation.operation == .mutation }

    /// Compiled but not planned: `hosted` and `adHoc` say how each kind of operation is made.
    init(connector: String, name: String, document: Document, operation: OperationDefinition, source: Source,
         fragments: [String: FragmentDefinition], access: (level: AccessLevel, expression: String?), text: String, limits: ExecutionLimits) {
        self.connector = connector
        self.name = name
        self.document = document
        self.operation = operation
        self.source = source
        self.fragments = fragments
        self.access = access.level
        authExpression = access.expression
        self.text = text
        var types: [String: TypeReference] = [:]
        for definition in operation.variableDefinitions { types[definition.variable.name.value] = definition.type }
        variableTypes = types
        let measured = Executor.measure(operation, fragments: fragments, limits: limits)
        limitFailure = measured.failure
        nesting = measured.nesting
    }

    /// A hosted operation (from a connector's files, or persisted over HTTP), planned against
    /// `schema` and `model`; `fragments` are the document's.
    static func hosted(_ operation: OperationDefinition, named name: String, connector: String, in document: Document,
                       fragments: [String: FragmentDefinition], source: Source, text: String, schema: Schema, model: StoreModel,
                       limits: ExecutionLimits) -> CompiledOperation {
        var compiled = CompiledOperation(connector: connector, name: name, document: document, operation: operation, source: source,
                                         fragments: fragments, access: AccessLevel.of(operation), text: text, limits: limits)
        compiled.replan(schema: schema, model: model)
        return compiled
    }

    /// An operation of an ad-hoc document (GraphQL over HTTP, a seed file): run with admin
    /// rights by the generic executor; `fragments` are the document's.
    static func adHoc(_ operation: OperationDefinition, in document: Document, fragments: [String: FragmentDefinition], source: Source,
                      limits: ExecutionLimits) -> CompiledOperation {
        CompiledOperation(connector: "", name: operation.name?.value ?? "", document: document, operation: operation, source: source,
                          fragments: fragments, access: (.publicAccess, nil), text: "", limits: limits)
    }

    /// Plans the operation for the tables of `model` (again, after the schema changed): whether
    /// the event loop may answer it follows its plan.
    mutating func replan(schema: Schema, model: StoreModel) {
        plan = QueryPlanner.plan(operation, in: document, schema: schema, model: model)
        answersInline = InlineLookup.qualifies(operation, in: document, schema: schema) || InlineLookup.qualifies(plan)
        readsInOneStatement = plan?.readsInOneStatement ?? false
    }
}
