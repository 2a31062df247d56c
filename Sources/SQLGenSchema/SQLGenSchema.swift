// The SQLGenSchema module: the type system (Type/), building (Building/), printing and type helpers (Utilities/), schema validation (SchemaValidation/).
