import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_MESSAGES } from '@tradeloop/contracts/crm/records';
import { createTestApp, signUp, type TestUser } from '../../../../test/helpers.ts';
import { eq } from 'drizzle-orm';
import { crmForms } from './tables.ts';
import { addLeadFields, createRecord, crm } from '../test-support.ts';

let app: FastifyInstance;
let seller: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  seller = await signUp(app, 'seller');
});
afterAll(() => app.close());

type Section = {
  id: number;
  name: string;
  tab_columns: string;
  form_fields: { id: number; name: string; is_system: boolean; label: string }[];
};
const sectionsOf = async (user: TestUser, typeId = 1): Promise<Section[]> =>
  (await crm(app, user, 'GET', `crm/single_lead_form_detail?type_id=${typeId}`)).json().data.sections;
const asPayload = (sections: Section[]) =>
  sections.map(({ id, name, tab_columns, form_fields }) => ({ id, name, tab_columns, form_fields }));

describe('default forms', () => {
  it('are created when a seller signs up (user.signed_up), before any CRM call', async () => {
    const user = await signUp(app, 'seller');
    const forms = await app.db
      .select({ typeId: crmForms.typeId })
      .from(crmForms)
      .where(eq(crmForms.companyId, user.companyId!));
    expect(forms.map((form) => form.typeId).sort()).toEqual([1, 2, 3, 4]);
    const buyer = await signUp(app, 'buyer');
    expect(buyer.companyId).toBeNull();
  });

  it('gives a new seller the four default lead sections with sensible fields', async () => {
    const response = await crm(app, seller, 'GET', 'lead/addform?type_id=1');
    expect(response.statusCode).toBe(200);
    const form = response.json().data;
    expect(form.sections.map((section: { name: string }) => section.name)).toEqual([
      'Lead Information',
      'Address Information',
      'Additional Information',
      'Description Information',
    ]);
    const field = form.sections[0].form_fields.find((item: { name: string }) => item.name === 'lead_status');
    expect(field).toMatchObject({
      required: true,
      type: 'select',
      value: 'New',
      crm_user_form_unique_id: form.crm_user_form_unique_id,
    });
    expect(field).toHaveProperty('section_form_id', form.sections[0].id);
    expect(field).toHaveProperty('form_input_list_id');
  });

  it('lists one form per record type with its unique_id', async () => {
    const forms = (await crm(app, seller, 'GET', 'crm/user_form_listing')).json().data;
    expect(forms.map((form: { type_name: string }) => form.type_name)).toEqual([
      'Leads',
      'Deals',
      'Accounts',
      'Contacts',
    ]);
    expect(forms[0].unique_id).toMatch(/^[0-9a-f-]{36}$/);
    const single = (await crm(app, seller, 'GET', `crm/single_lead_form_detail?unique_id=${forms[2].unique_id}`)).json()
      .data;
    expect(single.type_name).toBe('Accounts');
  });

  it('answers the input palette with the conditions of each field type', async () => {
    const inputs = (await crm(app, seller, 'GET', 'crm/input_fields')).json().data;
    expect(inputs).toHaveLength(14);
    expect(inputs.find((input: { field_type: string }) => input.field_type === 'number').conditions).toContain(12);
  });
});

describe('POST /crm/v1/crm/save_input_form', () => {
  it('adds a custom field and answers "form created successfully"', async () => {
    const user = await signUp(app, 'seller');
    const sections = asPayload(await sectionsOf(user));
    sections[2].form_fields.push({
      label: 'Plant capacity (t/day)',
      field_type: 'number',
      is_required: false,
    } as never);
    const response = await crm(app, user, 'POST', 'crm/save_input_form', { type_id: 1, sections });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(CRM_MESSAGES.formCreated);
    const added = response.json().data.sections[2].form_fields.at(-1);
    expect(added).toMatchObject({
      name: 'plant_capacity_t_day',
      label: 'Plant capacity (t/day)',
      field_type: 'number',
    });
  });

  it('reorders sections and moves fields between them', async () => {
    const user = await signUp(app, 'seller');
    const sections = asPayload(await sectionsOf(user));
    const city = sections[1].form_fields.find((field) => field.name === 'city')!;
    sections[1].form_fields = sections[1].form_fields.filter((field) => field.name !== 'city');
    sections[0].form_fields.unshift(city);
    const saved = (
      await crm(app, user, 'POST', 'crm/save_input_form', {
        type_id: 1,
        sections: [sections[3], sections[0], sections[1], sections[2]],
      })
    ).json().data;
    expect(saved.sections.map((section: { name: string }) => section.name)[0]).toBe('Description Information');
    expect(saved.sections[1].form_fields[0].name).toBe('city');
  });

  it('takes fields left out of the layout off the form, keeps them as unused, and can put them back', async () => {
    const user = await signUp(app, 'seller');
    const sections = asPayload(await sectionsOf(user));
    sections[2].form_fields = sections[2].form_fields.filter((field) => field.name !== 'product_interest');
    const saved = (await crm(app, user, 'POST', 'crm/save_input_form', { type_id: 1, sections })).json().data;
    const unused = (await crm(app, user, 'GET', `crm/unused_input/${saved.id}`)).json().data;
    expect(unused.map((field: { name: string }) => field.name)).toEqual(['product_interest']);
    const restored = (await crm(app, user, 'POST', 'crm/default_form_input', { type_id: 1 })).json().data;
    expect(restored.unused_fields).toEqual([]);
  });

  it('refuses to drop a field every record needs, to change a field type, and a pick list without options', async () => {
    const user = await signUp(app, 'seller');
    const sections = asPayload(await sectionsOf(user));
    const withoutEmail = sections.map((section) => ({
      ...section,
      form_fields: section.form_fields.filter((field) => field.name !== 'email'),
    }));
    const dropped = await crm(app, user, 'POST', 'crm/save_input_form', { type_id: 1, sections: withoutEmail });
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json().errors.email).toEqual([CRM_MESSAGES.systemFieldRemoved]);

    const retyped = structuredClone(sections);
    Object.assign(retyped[0].form_fields[0], { field_type: 'number' });
    const locked = await crm(app, user, 'POST', 'crm/save_input_form', { type_id: 1, sections: retyped });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().message).toBe(CRM_MESSAGES.fieldTypeLocked);

    const noOptions = structuredClone(sections);
    noOptions[2].form_fields.push({ label: 'Grade', field_type: 'select', option_list: [] } as never);
    const refused = await crm(app, user, 'POST', 'crm/save_input_form', { type_id: 1, sections: noOptions });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(CRM_MESSAGES.optionsRequired);
  });

  it('refuses to make a field unique while records share a value', async () => {
    const user = await signUp(app, 'seller');
    await createRecord(app, user, 1, { first_name: 'A', company: 'Same Co' });
    await createRecord(app, user, 1, { first_name: 'B', company: 'same co' });
    const sections = asPayload(await sectionsOf(user));
    Object.assign(
      sections[0].form_fields.find((field) => field.name === 'company')!,
      { unique: true },
    );
    const response = await crm(app, user, 'POST', 'crm/save_input_form', { type_id: 1, sections });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.company).toEqual([CRM_MESSAGES.unique('Company')]);
  });
});

describe('DELETE /crm/v1/crm/form_section/{id}', () => {
  it('deletes a section and makes its fields unused', async () => {
    const user = await signUp(app, 'seller');
    const [, address] = await sectionsOf(user);
    const response = await crm(app, user, 'DELETE', `crm/form_section/${address.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(CRM_MESSAGES.sectionDeleted);
    expect(response.json().data.unused_fields.map((field: { name: string }) => field.name)).toContain('city');
  });

  it('refuses a section that holds fields every record needs', async () => {
    const user = await signUp(app, 'seller');
    const [lead] = await sectionsOf(user);
    const response = await crm(app, user, 'DELETE', `crm/form_section/${lead.id}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(CRM_MESSAGES.sectionHoldsSystemFields);
  });
});

describe('dynamic forms filled from a related record', () => {
  it('fills the contact form with the account and the deal form with the contact', async () => {
    const user = await signUp(app, 'seller');
    const account = await createRecord(app, user, 3, { account_name: 'Nordic Pumps' });
    const contact = await createRecord(app, user, 4, {
      first_name: 'Erik',
      account: account.id,
      email: 'erik@nordic.example',
    });
    const valueOf = (form: { sections: { form_fields: { name: string; value: unknown }[] }[] }, name: string) =>
      form.sections.flatMap((section) => section.form_fields).find((field) => field.name === name)?.value;
    const contactForm = (await crm(app, user, 'GET', `dynamic/form/account/contact/${account.id}?type_id=4`)).json()
      .data;
    expect(valueOf(contactForm, 'account')).toBe(account.id);
    const dealForm = (await crm(app, user, 'GET', `dynamic/form/deal/${contact.id}?type_id=2`)).json().data;
    expect(valueOf(dealForm, 'contacts')).toEqual([contact.id]);
    expect(valueOf(dealForm, 'account')).toBe(account.id);
    const leadForm = (await crm(app, user, 'GET', `dynamic/form/lead/${contact.id}?type_id=1`)).json().data;
    expect(valueOf(leadForm, 'email')).toBe('erik@nordic.example');
    const leadFromAccount = (await crm(app, user, 'GET', `dynamic/form/lead/account/${account.id}?type_id=1`)).json()
      .data;
    expect(valueOf(leadFromAccount, 'company')).toBe('Nordic Pumps');
    const dealFromAccount = (await crm(app, user, 'GET', `dynamic/form/account/deal/${account.id}?type_id=2`)).json()
      .data;
    expect(valueOf(dealFromAccount, 'account')).toBe(account.id);
  });
});

describe('required and unique flags of custom fields', () => {
  it('are enforced on create and on inline edit', async () => {
    const user = await signUp(app, 'seller');
    await addLeadFields(app, user, [
      { label: 'GST number', field_type: 'text', unique: true },
      { label: 'Buying cycle', field_type: 'select', is_required: true, option_list: ['Monthly', 'Quarterly'] },
    ]);
    const missing = await crm(app, user, 'POST', 'crm/create_record', { type_id: 1, values: { first_name: 'Ravi' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.buying_cycle).toEqual([CRM_MESSAGES.required('Buying cycle')]);

    const first = await createRecord(app, user, 1, {
      first_name: 'Ravi',
      buying_cycle: 'monthly',
      gst_number: '27AAACS1234A1Z5',
    });
    expect(first.values.buying_cycle).toBe('Monthly');
    const duplicate = await crm(app, user, 'POST', 'crm/create_record', {
      type_id: 1,
      values: { first_name: 'Uma', buying_cycle: 'Monthly', gst_number: '27aaacs1234a1z5' },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.gst_number).toEqual([CRM_MESSAGES.unique('GST number')]);

    const second = await createRecord(app, user, 1, { first_name: 'Uma', buying_cycle: 'Quarterly' });
    const inline = (field: string, value: unknown) =>
      crm(app, user, 'POST', 'crm/update_datalisting_fields', {
        unique_id: second.unique_id,
        crm_user_form_unique_id: second.crm_user_form_unique_id,
        type_id: 1,
        form_input_list_id: field,
        value,
      });
    expect((await inline('gst_number', '27AAACS1234A1Z5')).statusCode).toBe(422);
    expect((await inline('buying_cycle', '')).json().errors.buying_cycle).toEqual([
      CRM_MESSAGES.required('Buying cycle'),
    ]);
    expect((await inline('gst_number', '29BBBCS9999B1Z1')).statusCode).toBe(200);
  });
});
