import { describe, expect, it } from 'vitest';
import { enquiryTitle } from './enquiry-format.ts';

describe('enquiryTitle', () => {
  it("shows the product's pre-title before its name", () => {
    expect(enquiryTitle({ pre_title_name: 'Industrial', product_name: 'Centrifugal Pump' })).toBe(
      'Industrial Centrifugal Pump',
    );
    expect(enquiryTitle({ pre_title_name: null, product_name: 'Centrifugal Pump' })).toBe('Centrifugal Pump');
  });
});
