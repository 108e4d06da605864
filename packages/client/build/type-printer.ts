import ts from "typescript";

const isObject = (type: ts.Type): type is ts.ObjectType => (type.flags & ts.TypeFlags.Object) !== 0;
const isReference = (type: ts.Type): type is ts.TypeReference =>
  isObject(type) && (type.objectFlags & ts.ObjectFlags.Reference) !== 0;
/** Global names a declared type must not hide. */
const BUILT_IN_NAMES = ["Array", "Date", "Error", "Map", "Object", "Promise", "ReadonlyArray", "Record", "Set"];
const isIdentifier = (name: string) => /^[A-Za-z_$][\w$]*$/.test(name);

/**
 * Writes types out as plain TypeScript text: objects as their properties, unions as their members,
 * with no reference to the module that declared them. That is what TypeScript's own declaration
 * emitter will not do: it names a type where it can (`InvitationCodeStatus`, `MediaDto`), and the
 * name needs an import of the server's packages, which a client installed elsewhere does not have.
 *
 * A type with a name of its own (an alias without type arguments, or an interface) is written once
 * as a declaration under that name, so the output stays readable and a recursive type ends.
 * Built-in types (Date, Map…) keep their names. Anything else that data sent over the wire cannot
 * be (a function, a generic type parameter) stops the build with the path where it was found.
 */
export class TypePrinter {
  /** Named types already declared (or being declared) and their names. */
  private readonly names = new Map<ts.Type, string>();
  private readonly taken: Set<string>;
  private readonly declarations: string[] = [];
  /** Anonymous object types being written now, to report a recursion instead of looping. */
  private readonly open = new Set<ts.Type>();

  /** `reserved`: names the output uses itself; a declared type takes another (`Name2`). */
  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly program: ts.Program,
    reserved: Iterable<string>,
  ) {
    this.taken = new Set([...reserved, ...BUILT_IN_NAMES]);
  }

  /** The declarations of the named types printed so far, in the order they were met. */
  namedTypes(): string {
    return this.declarations.join("\n");
  }

  print(type: ts.Type, path: string, indent = ""): string {
    const name = this.nameOf(type);
    if (name) return this.declare(type, name, path);
    return this.structure(type, path, indent);
  }

  private structure(type: ts.Type, path: string, indent: string): string {
    const { flags } = type;
    if (flags & ts.TypeFlags.StringLiteral && type.isStringLiteral()) return JSON.stringify(type.value);
    if (flags & ts.TypeFlags.NumberLiteral && type.isNumberLiteral()) return String(type.value);
    if (
      flags &
      (ts.TypeFlags.Any |
        ts.TypeFlags.Unknown |
        ts.TypeFlags.String |
        ts.TypeFlags.Number |
        ts.TypeFlags.Boolean |
        ts.TypeFlags.BooleanLiteral |
        ts.TypeFlags.BigInt |
        ts.TypeFlags.BigIntLiteral |
        ts.TypeFlags.ESSymbol |
        ts.TypeFlags.Void |
        ts.TypeFlags.Undefined |
        ts.TypeFlags.Null |
        ts.TypeFlags.Never |
        ts.TypeFlags.NonPrimitive)
    ) {
      return this.checker.typeToString(type);
    }
    if (type.isUnion()) return this.union(type.types, path, indent);
    if (type.isIntersection()) return type.types.map((t) => this.wrapped(t, path, indent)).join(" & ");
    if (isObject(type)) return this.object(type, path, indent);
    throw new Error(`${path}: cannot write the type ${this.checker.typeToString(type)} without the server's code.`);
  }

  private union(members: readonly ts.Type[], path: string, indent: string): string {
    const written = new Set(members.map((t) => this.wrapped(t, path, indent)));
    // TypeScript keeps `boolean` as `true | false`.
    // (Both must be there: `true | undefined` stays as it is.)
    if (written.has("true") && written.has("false")) {
      written.delete("true");
      written.delete("false");
      written.add("boolean");
    }
    return [...written].join(" | ");
  }

  /** A member of a union or an intersection: parenthesised where it is itself one. */
  private wrapped(type: ts.Type, path: string, indent: string): string {
    const text = this.print(type, path, indent);
    return (type.isUnion() || type.isIntersection()) && !this.nameOf(type) ? `(${text})` : text;
  }

  private object(type: ts.ObjectType, path: string, indent: string): string {
    if (isReference(type) && this.checker.isArrayType(type)) {
      const [element] = this.checker.getTypeArguments(type);
      if (!element) throw new Error(`${path}: an array without an element type.`);
      const readonly = type.target.symbol.name === "ReadonlyArray" ? "readonly " : "";
      return `${readonly}${this.wrapped(element, `${path}[]`, indent)}[]`;
    }
    if (isReference(type) && this.checker.isTupleType(type)) {
      const elements = this.checker.getTypeArguments(type).map((t, i) => this.print(t, `${path}[${i}]`, indent));
      return `[${elements.join(", ")}]`;
    }
    if (this.isBuiltIn(type)) {
      const args = isReference(type) ? this.checker.getTypeArguments(type) : [];
      const written = args.map((t, i) => this.print(t, `${path}<${i}>`, indent));
      return written.length ? `${type.symbol.name}<${written.join(", ")}>` : type.symbol.name;
    }
    if (type.getCallSignatures().length || type.getConstructSignatures().length) {
      throw new Error(`${path}: a function cannot come over the wire.`);
    }
    if (this.open.has(type)) throw new Error(`${path}: a recursive type without a name.`);
    this.open.add(type);
    try {
      return this.members(type, path, indent);
    } finally {
      this.open.delete(type);
    }
  }

  private members(type: ts.ObjectType, path: string, indent: string): string {
    const inner = `${indent}  `;
    const lines: string[] = [];
    for (const info of this.checker.getIndexInfosOfType(type)) {
      const key = this.print(info.keyType, `${path}[key]`, inner);
      lines.push(`${inner}[key: ${key}]: ${this.print(info.type, `${path}[${key}]`, inner)};`);
    }
    for (const property of this.checker.getPropertiesOfType(type)) {
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      // An optional property's type keeps its `undefined`: the server accepts it, whatever a script's
      // exactOptionalPropertyTypes says.
      const value = this.checker.getTypeOfSymbol(property);
      const key = isIdentifier(property.name) ? property.name : JSON.stringify(property.name);
      lines.push(`${inner}${key}${optional ? "?" : ""}: ${this.print(value, `${path}.${property.name}`, inner)};`);
    }
    return lines.length ? `{\n${lines.join("\n")}\n${indent}}` : "{}";
  }

  /** Date, Map, Uint8Array…: declared by TypeScript's own library, the same on every machine. */
  private isBuiltIn(type: ts.Type): boolean {
    // Interfaces only: Record, Partial and the like are TypeScript's too, but written as their result.
    const named = isObject(type) && (type.objectFlags & (ts.ObjectFlags.Interface | ts.ObjectFlags.Reference)) !== 0;
    const declarations = type.symbol?.declarations ?? [];
    return (
      named &&
      declarations.length > 0 &&
      declarations.every((d) => this.program.isSourceFileDefaultLibrary(d.getSourceFile()))
    );
  }

  /** The name a type is declared under, if it should be written as a declaration of its own. */
  private nameOf(type: ts.Type): string | undefined {
    const known = this.names.get(type);
    if (known) return known;
    const alias = type.aliasSymbol;
    if (alias && !type.aliasTypeArguments?.length && !this.isBuiltIn(type)) return alias.name;
    if (isObject(type) && type.objectFlags & ts.ObjectFlags.Interface && !this.isBuiltIn(type)) {
      return type.symbol.name;
    }
    return undefined;
  }

  private declare(type: ts.Type, wanted: string, path: string): string {
    const known = this.names.get(type);
    if (known) return known;
    let name = wanted;
    for (let n = 2; this.taken.has(name); n++) name = `${wanted}${n}`;
    this.names.set(type, name);
    this.taken.add(name);
    const body = this.structure(type, path, "");
    this.declarations.push(`type ${name} = ${body};\n`);
    return name;
  }
}
