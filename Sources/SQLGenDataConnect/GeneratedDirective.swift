// The directive Data Connect puts on everything it derives.

import SQLGenLanguage
import SQLGenSchema

extension SyntheticSDL {
    /// `@fdc_generated(from: "<from>", purpose: <purpose>)`, which the service puts on everything it derives.
    static func generated(from: String, purpose: String) -> Directive {
        Directive(name: Name("fdc_generated"), arguments: [
            Argument(name: Name("from"), value: string(from)),
            Argument(name: Name("purpose"), value: enumValue(purpose)),
        ])
    }
}
