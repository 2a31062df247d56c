// Declarations AEM could not have produced are reported at the offending node.

import Testing
import SQLGenAEM
import SQLGenLanguage
import SQLGenSchema

@Suite struct AEMModelErrorTests {
    @Test func typeNameMustEndInModel() throws {
        #expect(try AEMFixtures.expansionErrors("type Adventure @model {\n  title: String\n}") == [
            "Content fragment model type \"Adventure\" must be named \"<Name>Model\", as AEM names model types (e.g. \"AdventureModel\"). @ 1:6",
        ])
    }

    @Test func systemAndUnderscoreFieldsAreReserved() throws {
        #expect(try AEMFixtures.expansionErrors("type AModel @model {\n  _path: ID\n  _mine: String\n}") == [
            "Field \"AModel._path\" is a system field that AEM adds to every model. @ 2:3",
            "Field \"AModel._mine\" starts with \"_\", which AEM reserves for system fields. @ 3:3",
        ])
    }

    @Test func fieldTypesMustBeDataTypes() throws {
        let sdl = """
        type AModel @model {
          other: Unknown
          grid: [[String]]
          count: Int @enumeration(values: ["1"])
          labels: String @tags
          size(unit: String): Int
        }
        """
        #expect(try AEMFixtures.expansionErrors(sdl) == [
            "Field \"AModel.other\" has type \"Unknown\", which is not a content fragment data type: use String, MultiFormatString, Int, Float, Boolean, Calendar, Date, Time, Json, Reference, AllFragmentModels or a @model type. @ 2:10",
            "Field \"AModel.grid\" is a list of lists; AEM fields hold one value or a list of values. @ 3:9",
            "@enumeration applies to String fields, but \"AModel.count\" has type \"Int\". @ 4:14",
            "A tags field holds several tags: declare \"AModel.labels\" as [String] @tags. @ 5:18",
            "Field \"AModel.size\" of a content fragment model cannot have arguments. @ 6:8",
        ])
    }

    @Test func modelDirectiveArguments() throws {
        #expect(try AEMFixtures.expansionErrors("type AModel @model(path: \"conf/a\", title: 3) { a: String }") == [
            "Argument \"path\" of @model must be an absolute configuration path such as \"/conf/wknd-shared/settings/dam/cfm/models/adventure\". @ 1:26",
            "Argument \"title\" of @model must be a String. @ 1:43",
        ])
    }

    @Test func expansionStillBuildsAfterErrors() throws {
        // A bad field is left out of the model's description but the document stays buildable.
        let document = try Parser.parse(Source("type AModel @model { a: String b: Nope }"))
        let expansion = AEMDialect.expand([document])
        #expect(expansion.errors.count == 1)
        #expect(expansion.document.definitions.contains { if case .type(.inputObject(let input)) = $0 { return input.name.value == "AModelFilter" } else { return false } })
    }
}
