// Types for the generated validator (scripts/generate-json-schema-validator.ts).
export interface MetaSchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
}
export interface MetaSchemaValidator {
  (data: unknown): boolean;
  errors?: MetaSchemaError[] | null;
}
export declare const validate: MetaSchemaValidator;
export default validate;
