// Decap's object control, checked as a whole by its zod schema: an optional group (a secondary button, an image)
// may be left empty, but once one of its fields is filled in the others it needs are required; an image needs a
// description or the decorative tick. Its fields check themselves; the group reports what only it can see (a
// field left empty in a group that is used, a rule across fields), under the group's label, naming the field.
import type { ComponentType } from 'react';
import type { ZodType } from 'zod';
import { groupProblems } from '../../content-model/editor-fields';
import { editorField, editorNames } from '../field-names';
import { plainValue } from './plain-value';
import { WrappedControl, type ControlProps } from './CheckedControl';

type ObjectProps = ControlProps & {
  onValidateObject(forID: string, errors: { type: string; parentIds: string[]; message: string }[]): void;
  parentIds?: string[];
};

type ObjectInstance = { validate?: () => void };

export function checkedObjectControl(Inner: ComponentType<ControlProps>, checks: Map<string, ZodType>) {
  return class CheckedObjectControl extends WrappedControl<ObjectProps> {
    /** Decap validates a group by calling this (not isValid): the fields inside, then the group itself. */
    validate = () => {
      (this.inner as ObjectInstance | null)?.validate?.();
      const key = this.props.field.get('check') as string;
      const check = checks.get(key);
      if (!check) throw new Error(`no schema for the editor field ${key}`);
      const parentIds = this.props.parentIds ?? [];
      const field = editorField(this.props.field);
      const value = plainValue(this.props.value);
      const names = editorNames([field], { [field.name]: value }, [field.name]);
      this.props.onValidateObject(
        this.props.forID,
        groupProblems(check, value, names).map((message) => ({ type: 'CUSTOM', parentIds, message })),
      );
    };

    render() {
      return this.renderInner(Inner);
    }
  };
}
