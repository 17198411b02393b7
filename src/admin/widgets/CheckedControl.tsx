// A built-in Decap control (string, text, number, select, boolean) that also runs the field's zod schema on its
// value: Decap asks every control `isValid()` before saving, so the editor refuses what the content check refuses,
// with the schema's own message under the field.
import { Component, type ComponentType } from 'react';
import type { ZodType } from 'zod';
import { plainValue } from './plain-value';

export type ControlProps = {
  value: unknown;
  field: { get(key: string): unknown };
  onChange(value: unknown): void;
  forID: string;
  classNameWrapper: string;
};

type Validity = true | { error: { type: 'CUSTOM'; message: string } };

export function checkedControl(Inner: ComponentType<ControlProps>, checks: Map<string, ZodType>) {
  return class CheckedControl extends Component<ControlProps> {
    isValid = (): Validity => {
      const key = this.props.field.get('check') as string;
      const schema = checks.get(key);
      if (!schema) throw new Error(`no schema for the editor field ${key}`);
      const result = schema.safeParse(plainValue(this.props.value));
      return result.success ? true : { error: { type: 'CUSTOM', message: result.error.issues[0].message } };
    };

    render() {
      return <Inner {...this.props} />;
    }
  };
}
