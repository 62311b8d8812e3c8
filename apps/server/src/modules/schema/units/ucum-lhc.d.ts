/** The parts of @lhncbc/ucum-lhc the schema module uses (the package ships no types). */
declare module '@lhncbc/ucum-lhc' {
  interface UcumUnit {
    name_: string;
    csCode_: string;
    printSymbol_: string | null;
    property_: string | null;
  }
  interface Validation {
    status: 'valid' | 'invalid' | 'error';
    ucumCode: string | null;
    unit?: { code: string | number; name: string | number };
    msg: string[];
  }
  interface Conversion {
    status: 'succeeded' | 'failed' | 'error';
    toVal: number | null;
    msg: string[];
  }
  const ucum: {
    UcumLhcUtils: {
      getInstance(): { validateUnitString(code: string, suggest?: boolean): Validation; convertUnitTo(from: string, value: number, to: string): Conversion };
    };
    UnitTables: { getInstance(): { unitCodes_: Record<string, UcumUnit> } };
  };
  export default ucum;
}
