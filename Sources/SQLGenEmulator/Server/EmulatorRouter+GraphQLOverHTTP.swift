// `/graphql`: GraphQL over HTTP for ad-hoc requests. Under `application/json` every well-formed
// request is answered 200, its request errors in `errors`; `application/graphql-response+json`
// keeps the 4xx. Mutations over GET are 405 with `Allow: POST`.

import SQLGenHTTP
import SQLGenJSON

extension EmulatorRouter {
    func graphQL(_ request: HTTPRequest, method: String) async -> HTTPResponse {
        if persistedOnly {
            return Self.error(403, "Ad-hoc operations are disabled (--persisted-only); use /graphql/execute.json/<connector>/<operation>.", code: "PERMISSION_DENIED")
        }
        guard method == "GET" || method == "POST" else { return dialect.error(.methodNotAllowed(allowed: "GET, POST")) }
        let contentType = GraphQLMediaType.negotiate(request.headers["Accept"])
        let parameters: GraphQLHTTPRequest
        switch GraphQLHTTPRequest.read(request, isGet: method == "GET") {
        case .success(let read): parameters = read
        case .failure(let refusal): return Self.error(400, refusal.message, code: "INVALID_ARGUMENT")
        }
        let response = await engine.executeDocument(parameters.query, operationName: parameters.operationName, variables: parameters.variables,
                                                    caller: Self.caller(request).asAdmin, queryOnly: method == "GET")
        if response.status == 405 {
            var refused = HTTPResponse.json(status: 405, response.result.json.serialized())
            refused.headers.replaceOrAdd(name: "Allow", value: "POST")
            return refused
        }
        // A request error (parse, validation, variables, operation name) is 400 only for
        // `application/graphql-response+json` (GraphQL over HTTP §6.4.1).
        let executedOrRefused = response.result.data != nil || response.status == 400
        let status = contentType == GraphQLMediaType.json && executedOrRefused ? 200 : response.status
        var http = HTTPResponse.json(status: status, response.result.json.serialized())
        http.headers.replaceOrAdd(name: "Content-Type", value: contentType + "; charset=utf-8")
        return http
    }
}
