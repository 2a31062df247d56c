import SQLGenLanguage
import SQLGenSchema
import Testing

/// `DocumentSetValidator` gives exactly what validating the documents together gives, after any
/// edit, while validating only the documents an edit can affect.
@Suite struct DocumentSetValidatorTests {
    private let schema: Schema

    init() throws {
        schema = try #require(ValidationHarness.harnessSchema)
    }

    /// Files by name; each run parses them all (ids in order, as a connector's loader gives them).
    private func inputs(_ files: [(String, String)]) throws -> [DocumentSetValidator.Input] {
        try files.enumerated().map { index, file in
            let source = Source(file.1, name: file.0, id: SourceID(UInt32(index + 1)))
            return DocumentSetValidator.Input(source: source, document: try Parser.parse(source))
        }
    }

    private func expectSameAsTogether(_ validator: DocumentSetValidator, _ files: [(String, String)], rules: [ValidationRule] = persistedOperationRules,
                                      sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let inputs = try inputs(files)
        let together = validate(schema: schema, documents: inputs.map(\.document), rules: rules)
        let separately = validator.validate(inputs)
        #expect(separately.map(\.message) == together.map(\.message), sourceLocation: sourceLocation)
        #expect(separately.map(\.ranges) == together.map(\.ranges), sourceLocation: sourceLocation)
    }

    static let valid: [(String, String)] = [
        ("fragments.graphql", "fragment DogBits on Dog { name ...MoreBits } fragment MoreBits on Dog { nickname }"),
        ("first.graphql", "query First { dog { ...DogBits } }"),
        ("second.graphql", "query Second($id: ID) { human(id: $id) { name } }"),
        ("third.graphql", "query Third { dog { barkVolume } }"),
    ]

    static func replacing(_ name: String, with text: String, in files: [(String, String)] = valid) -> [(String, String)] {
        files.map { $0.0 == name ? ($0.0, text) : $0 }
    }

    @Test(arguments: [
        // Errors inside a fragment, reported once although two files reach it.
        ("fragments.graphql", "fragment DogBits on Dog { name nope ...MoreBits } fragment MoreBits on Dog { nickname }"),
        // A fragment no operation uses; one used only from another file is fine.
        ("fragments.graphql", "fragment DogBits on Dog { name ...MoreBits } fragment MoreBits on Dog { nickname } fragment Unused on Dog { name }"),
        // Names repeated across files.
        ("third.graphql", "query First { dog { barkVolume } }"),
        ("third.graphql", "fragment DogBits on Dog { name } query Third { dog { ...DogBits } }"),
        // A spread of a fragment no file defines, and a cycle reached from another file.
        ("third.graphql", "query Third { dog { ...Missing } }"),
        ("fragments.graphql", "fragment DogBits on Dog { name ...MoreBits } fragment MoreBits on Dog { ...DogBits }"),
        // A variable a fragment in another file uses that the operation does not define.
        ("fragments.graphql", "fragment DogBits on Dog { name ...MoreBits } fragment MoreBits on Dog { doesKnowCommand(dogCommand: $command) }"),
        // Fields that conflict only through a fragment of another file.
        ("first.graphql", "query First { dog { name: nickname ...DogBits } }"),
        // An anonymous operation beside others.
        ("third.graphql", "{ dog { name } }"),
    ])
    func everyErrorIsThatOfAWholeValidation(_ edit: (String, String)) throws {
        let validator = DocumentSetValidator(schema: schema, rules: persistedOperationRules)
        try expectSameAsTogether(validator, Self.valid)
        try expectSameAsTogether(validator, Self.replacing(edit.0, with: edit.1))
        #expect(!validator.validate(try inputs(Self.replacing(edit.0, with: edit.1))).isEmpty)
        // And back: valid again.
        try expectSameAsTogether(validator, Self.valid)
    }

    /// Names a generated client cannot tell apart are found across files, however the edit comes.
    @Test func namesThatDifferOnlyInCaseAreFoundAcrossFiles() throws {
        let rules = persistedOperationRules + [.persistedOperationsDistinctNames]
        let validator = DocumentSetValidator(schema: schema, rules: rules)
        try expectSameAsTogether(validator, Self.valid, rules: rules)
        for clash in ["query second { dog { name } }", "query SE_COND { dog { name } }"] {
            let edited = Self.replacing("third.graphql", with: clash)
            try expectSameAsTogether(validator, edited, rules: rules)
            let errors = validator.validate(try inputs(edited))
            #expect(errors.count == 1 && errors[0].message.hasPrefix("Operations \"Second\" and "), "\(errors)")
            try expectSameAsTogether(validator, Self.valid, rules: rules)
        }
        #expect(validator.validate(try inputs(Self.replacing("third.graphql", with: "query SecondOne { dog { name } }"))).isEmpty)
    }

    @Test func revalidatesOnlyWhatAnEditCanAffect() throws {
        let validator = DocumentSetValidator(schema: schema, rules: persistedOperationRules)
        #expect(validator.validate(try inputs(Self.valid)).isEmpty)
        #expect(validator.documentsValidated == 4)
        #expect(validator.validate(try inputs(Self.valid)).isEmpty)
        #expect(validator.documentsValidated == 0)

        #expect(validator.validate(try inputs(Self.replacing("third.graphql", with: "query Third { dog { name } }"))).isEmpty)
        #expect(validator.documentsValidated == 1)
        // A fragment's file: it and the file that spreads its fragments.
        let fragments = "fragment DogBits on Dog { barkVolume ...MoreBits } fragment MoreBits on Dog { nickname }"
        let edited = Self.replacing("third.graphql", with: "query Third { dog { name } }", in: Self.replacing("fragments.graphql", with: fragments))
        #expect(validator.validate(try inputs(edited)).isEmpty)
        #expect(validator.documentsValidated == 2)
        #expect(validator.documentsReached(from: "first.graphql") == ["fragments.graphql"])
        #expect(validator.documentsReached(from: "second.graphql") == [])
    }

    /// An error in one file revalidates that file and the files it reaches, not the others.
    @Test func anErrorRevalidatesOnlyWhatItsFileReaches() throws {
        let validator = DocumentSetValidator(schema: schema, rules: persistedOperationRules)
        let many = Self.valid + (0..<50).map { ("op\($0).graphql", "query Op\($0) { dog { name } }") }
        try expectSameAsTogether(validator, many)
        for edit in [("first.graphql", "query First { dog { ...DogBits nope } }"), ("op7.graphql", "query Op7 { dog { name(x: 1) } }")] {
            try expectSameAsTogether(validator, Self.replacing(edit.0, with: edit.1, in: many))
            #expect(validator.documentsValidated == (edit.0 == "first.graphql" ? 2 : 1))
            try expectSameAsTogether(validator, many)
        }
    }

    @Test func aFileRemovedOrAddedIsSeen() throws {
        let validator = DocumentSetValidator(schema: schema, rules: persistedOperationRules)
        try expectSameAsTogether(validator, Self.valid)
        // Without the fragments' file, the spread is unknown.
        try expectSameAsTogether(validator, Self.valid.filter { $0.0 != "fragments.graphql" })
        try expectSameAsTogether(validator, Self.valid + [("fourth.graphql", "query Fourth { dog { ...MoreBits } }")])
        // A cycle through two files.
        let cycle = Self.replacing("fragments.graphql", with: "fragment DogBits on Dog { name ...MoreBits } fragment MoreBits on Dog { ...Loop }")
            + [("fourth.graphql", "fragment Loop on Dog { ...DogBits }")]
        try expectSameAsTogether(validator, cycle)
        #expect(!validator.validate(try inputs(cycle)).isEmpty)
    }

    @Test func manyDocumentsAreValidatedOnSeveralThreadsWithTheSameResult() throws {
        let files = (0..<200).map { ("op\($0).graphql", "query Op\($0) { dog { name ...DogBits } }") } + [Self.valid[0]]
        let validator = DocumentSetValidator(schema: schema, rules: persistedOperationRules)
        try expectSameAsTogether(validator, files)
        try expectSameAsTogether(validator, Self.replacing("op7.graphql", with: "query Op7 { dog { nope } }", in: files))
    }

    /// The set rules and what each document reaches, kept while every summary is the last run's,
    /// are what a whole validation finds after files are reordered, renamed, or edited in ways
    /// that keep or change what they define and spread.
    @Test func keptReachesFollowReordersRenamesAndEdits() throws {
        let validator = DocumentSetValidator(schema: schema, rules: persistedOperationRules)
        let renamed = Self.valid.map { ($0.0 == "third.graphql" ? "renamed.graphql" : $0.0, $0.1) }
        let steps: [[(String, String)]] = [
            Self.valid,
            Self.replacing("third.graphql", with: "query Third { dog { name } }"),
            Self.valid.reversed(),
            renamed,
            Self.replacing("first.graphql", with: "query First { dog { name } }"),
            Self.replacing("first.graphql", with: "query First { dog { name } }"),
            Self.replacing("second.graphql", with: "query First { dog { name } }"),
            Self.valid,
            Self.replacing("fragments.graphql", with: "fragment DogBits on Dog { nickname ...MoreBits } fragment MoreBits on Dog { name }"),
            Self.valid.filter { $0.0 != "second.graphql" },
            Self.valid,
        ]
        for files in steps {
            try expectSameAsTogether(validator, files)
        }
        #expect(validator.documentsReached(from: "first.graphql") == ["fragments.graphql"])
    }
}
