import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { lengthLimit, UnitInputSchema } from '@observatory/shared';

type DescribedBy = 'name' | 'printSymbol' | 'property';

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
      <TextInput
        label="Name"
        description="UCUM’s own name when left empty"
        maxLength={lengthLimit(UnitInputSchema.shape.name)}
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Print symbol"
        description={symbolDefault ? `How values are labelled; ${symbolDefault} when left empty` : 'How values are labelled'}
        maxLength={lengthLimit(UnitInputSchema.shape.printSymbol)}
        {...form.getInputProps('printSymbol')}
      />
      <TextInput
        label="Property"
        description="What it measures, e.g. mass or flux density"
        maxLength={lengthLimit(UnitInputSchema.shape.property)}
        {...form.getInputProps('property')}
      />
    </>
  );
}
