import SQLGenLanguage

// Stream directives are used on list fields
//
// A GraphQL document is only valid if stream directives are used on list fields.
// https://github.com/graphql/graphql-spec/pull/742
final class StreamDirectiveOnListFieldRule: RuleVisitor {
    override func enterDirective(_ directive: Directive, location: DirectiveLocation) {
        guard directive.name.value == "stream", let field = context.typeInfo.fieldDefinition,
              let parent = context.typeInfo.parentType, !field.type.isList else { return }
        report("Stream directive cannot be used on non-list field \"\(field.name)\" on type \"\(parent.name)\".", directive.range)
    }
}
