import type { GetInputPropsReturnType } from '@mantine/form';
import { lengthLimit, UnitInputSchema } from '@observatory/shared';
import type { ComparedField } from '../../../../../components/ConflictDialog';
import { LimitedTextInput } from '../../../../../components/LimitedInput';
import { lengthRule } from '../../../../../lib/form-rules';

type DescribedBy = 'name' | 'printSymbol' | 'property';

/** What describes a unit beside its code, as the forms hold it. */
export type UnitDescription = Record<DescribedBy, string>;

/** The fields below as the conflict dialog compares them. */
export const UNIT_FIELDS: ComparedField<UnitDescription>[] = [
  { key: 'name', label: 'Name' },
  { key: 'printSymbol', label: 'Print symbol' },
  { key: 'property', label: 'Property' },
];

const MAX = {
  name: lengthLimit(UnitInputSchema.shape.name),
  printSymbol: lengthLimit(UnitInputSchema.shape.printSymbol),
  property: lengthLimit(UnitInputSchema.shape.property),
} as const;

/** The form rules of the fields below: the server's length limits. */
export const unitDescriptionRules = { name: lengthRule(MAX.name), printSymbol: lengthRule(MAX.printSymbol), property: lengthRule(MAX.property) };

/**
 * What describes a unit beside its code: its name, print symbol and property (the code is
 * given once, when it is added). `symbolDefault` says what an empty symbol becomes.
 */
export function UnitDescriptionFields({
  form,
  symbolDefault,
}: {
  form: { getInputProps: (field: DescribedBy) => GetInputPropsReturnType };
  symbolDefault?: string;
}) {
  return (
    <>
      <LimitedTextInput label="Name" description="UCUM’s own name when left empty" limit={MAX.name} {...form.getInputProps('name')} />
      <LimitedTextInput
        label="Print symbol"
        description={symbolDefault ? `How values are labelled; ${symbolDefault} when left empty` : 'How values are labelled'}
        limit={MAX.printSymbol}
        {...form.getInputProps('printSymbol')}
      />
      <LimitedTextInput label="Property" description="What it measures, e.g. mass or flux density" limit={MAX.property} {...form.getInputProps('property')} />
    </>
  );
}
