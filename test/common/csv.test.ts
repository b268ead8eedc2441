/** The one CSV writer: RFC 4180 quoting, formulas defused, numbers plain, a BOM and CRLF. */
import { describe, expect, it } from 'vitest';
import { csvCell, csvFile } from '../../main/common/csv';

describe('the CSV writer', () => {
  it('quotes per RFC 4180 and prefixes a text cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+81 75')).toBe("'+81 75");
    expect(csvCell('-500 off')).toBe("'-500 off");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell(-500)).toBe('-500'); // an amount stays a plain integer
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('=a,b')).toBe(`"'=a,b"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell('嵐山')).toBe('嵐山');
  });

  it('writes a BOM, the header, the rows, each line ended by CRLF', () => {
    expect(
      csvFile(
        ['a', 'b'],
        [
          [1, null],
          ['x,y', -2],
        ],
      ),
    ).toBe('\uFEFFa,b\r\n1,\r\n"x,y",-2\r\n');
  });
});
