/// A command's arguments split into flags, options with values, and operands.
///
/// Accepted forms: `--flag`, `--option value`, `--option=value`, `-` (an operand: standard input),
/// and `--`, after which everything is an operand. Anything else starting with `-` is an error
/// that names it, so a typo never silently becomes a file name.
public struct CommandArguments: Sendable {
    /// Flags that were given, e.g. `--check`.
    public private(set) var flags: Set<String> = []
    /// Values of options, in the order given (an option may repeat).
    public private(set) var options: [String: [String]] = [:]
    /// Operands (usually paths), in order.
    public private(set) var operands: [String] = []

    /// Splits `arguments` given the command's known `flags` and value-taking `options`
    /// (both spelled with their dashes, e.g. `"--check"`, `"-o"`). An operand past the first
    /// `maxOperands` is an error, its message followed by `extraOperandHint`.
    public init(_ arguments: [String], flags knownFlags: Set<String> = [], options knownOptions: Set<String> = [],
                maxOperands: Int = .max, extraOperandHint: String = "") throws(ArgumentError) {
        var index = 0
        var onlyOperands = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyOperands || argument == "-" || !argument.hasPrefix("-") {
                operands.append(argument)
                continue
            }
            if argument == "--" {
                onlyOperands = true
                continue
            }
            if knownFlags.contains(argument) {
                flags.insert(argument)
                continue
            }
            if let equals = argument.firstIndex(of: "="), knownOptions.contains(String(argument[..<equals])) {
                options[String(argument[..<equals]), default: []].append(String(argument[argument.index(after: equals)...]))
                continue
            }
            if knownOptions.contains(argument) {
                guard index < arguments.count else {
                    throw ArgumentError("option '\(argument)' needs a value")
                }
                options[argument, default: []].append(arguments[index])
                index += 1
                continue
            }
            throw ArgumentError("unknown option '\(argument)'")
        }
        if operands.count > maxOperands {
            throw ArgumentError("unexpected argument '\(operands[maxOperands])'" + extraOperandHint)
        }
    }

    /// As `init`, for a command's `run`: nil after the error is printed (the command then exits with status 2).
    public static func parsedOrReported(_ arguments: [String], flags: Set<String> = [], options: Set<String> = [],
                                        maxOperands: Int = .max, extraOperandHint: String = "") -> CommandArguments? {
        do {
            return try CommandArguments(arguments, flags: flags, options: options, maxOperands: maxOperands, extraOperandHint: extraOperandHint)
        } catch {
            Output.error(error.message)
            return nil
        }
    }

    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value given for `option`, if any.
    public func value(_ option: String) -> String? { options[option]?.last }

    public func values(_ option: String) -> [String] { options[option] ?? [] }
}

/// A problem with the command line itself (exit status 2); the message names the bad argument.
public struct ArgumentError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// Follows the message about an operand given to a command that names its connector with `--config`.
    public static let configHint = "; use --config PATH to name the connector"
}
