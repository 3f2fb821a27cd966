import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@tradeloop/contracts/common';
import {
  CRM_MESSAGES,
  CRM_TYPE,
  idParamsSchema,
  recordTypeIdSchema,
  type RecordTypeId,
  type RecordValues,
} from '@tradeloop/contracts/crm';
import {
  defaultFormBodySchema,
  dynamicFormSchema,
  formFieldSchema,
  formListItemSchema,
  formListingQuerySchema,
  formSchema,
  formTypeQuerySchema,
  INPUT_FIELDS,
  inputFieldSchema,
  saveFormBodySchema,
  singleFormQuerySchema,
} from '@tradeloop/contracts/crm-forms';
import type { Tx } from '../../db/client.ts';
import { ok } from '../../platform/http.ts';
import {
  deleteSection,
  dynamicForm,
  getForm,
  getFormByUniqueId,
  listForms,
  restoreDefaultForm,
  saveForm,
  unusedFields,
} from './forms-service.ts';
import { findRecord } from './records-read.ts';
import { companyMember } from '../../platform/access.ts';

const tags = ['crm forms'];
const config = { access: 'company' as const };

/** Values a new record takes from the record it is added from (a lead from a contact, a deal from an account…). */
async function prefill(tx: Tx, companyId: number, typeId: RecordTypeId, from: { id: number; typeId: RecordTypeId }) {
  const source = await findRecord(tx, companyId, { id: from.id, typeId: from.typeId });
  const values: RecordValues = {};
  const copy = (names: string[]) => {
    for (const name of names) if (source.values[name] !== undefined) values[name] = source.values[name];
  };
  if (from.typeId === CRM_TYPE.contacts) {
    if (typeId === CRM_TYPE.leads)
      copy([
        'first_name',
        'last_name',
        'email',
        'phone',
        'mobile',
        'job_title',
        'street',
        'city',
        'state',
        'postal_code',
        'country',
      ]);
    if (typeId === CRM_TYPE.deals) {
      values.contacts = [source.id];
      if (typeof source.values.account === 'number') values.account = source.values.account;
    }
  } else if (from.typeId === CRM_TYPE.accounts) {
    if (typeId === CRM_TYPE.contacts || typeId === CRM_TYPE.deals) values.account = source.id;
    if (typeId === CRM_TYPE.leads) {
      copy(['website', 'phone', 'industry', 'street', 'city', 'state', 'postal_code', 'country']);
      if (typeof source.values.account_name === 'string') values.company = source.values.account_name;
    }
  }
  return values;
}

export function registerFormRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const dynamicResponse = { 200: envelope(dynamicFormSchema) };

  api.get(
    '/crm/v1/lead/addform',
    {
      config,
      schema: {
        tags,
        summary: 'The add form of a record type, with default values',
        querystring: formTypeQuerySchema,
        response: dynamicResponse,
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const form = await getForm(app.db, companyId, request.query.type_id);
      return ok(dynamicForm(form, null));
    },
  );

  const related = [
    {
      path: 'dynamic/form/lead/:id',
      typeId: CRM_TYPE.leads,
      from: CRM_TYPE.contacts,
      summary: 'Lead form for a contact',
    },
    {
      path: 'dynamic/form/deal/:id',
      typeId: CRM_TYPE.deals,
      from: CRM_TYPE.contacts,
      summary: 'Deal form for a contact',
    },
    {
      path: 'dynamic/form/account/contact/:id',
      typeId: CRM_TYPE.contacts,
      from: CRM_TYPE.accounts,
      summary: 'Contact form for an account',
    },
    {
      path: 'dynamic/form/lead/account/:id',
      typeId: CRM_TYPE.leads,
      from: CRM_TYPE.accounts,
      summary: 'Lead form for an account',
    },
    {
      path: 'dynamic/form/account/deal/:id',
      typeId: CRM_TYPE.deals,
      from: CRM_TYPE.accounts,
      summary: 'Deal form for an account',
    },
  ] as const;
  for (const route of related) {
    api.get(
      `/crm/v1/${route.path}`,
      {
        config,
        schema: {
          tags,
          summary: `${route.summary}, filled from it`,
          params: idParamsSchema,
          querystring: z.object({ type_id: recordTypeIdSchema.optional() }),
          response: dynamicResponse,
        },
      },
      async (request) => {
        const { companyId } = companyMember(request);
        const values = await prefill(app.db, companyId, route.typeId, { id: request.params.id, typeId: route.from });
        const form = await getForm(app.db, companyId, route.typeId);
        const filled = dynamicForm(form, null);
        for (const section of filled.sections) {
          for (const field of section.form_fields)
            if (values[field.name] !== undefined) field.value = values[field.name];
        }
        return ok(filled);
      },
    );
  }

  api.post(
    '/crm/v1/crm/save_input_form',
    {
      config,
      schema: {
        tags,
        summary: 'Save a form layout: sections and fields, in order',
        body: saveFormBodySchema,
        response: { 200: envelope(formSchema) },
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const form = await app.db.transaction((tx) => saveForm(tx, companyId, request.body));
      return ok(form, CRM_MESSAGES.formCreated);
    },
  );

  api.post(
    '/crm/v1/crm/default_form_input',
    {
      config,
      schema: {
        tags,
        summary: 'Put the default sections and fields back on a form',
        body: defaultFormBodySchema,
        response: { 200: envelope(formSchema) },
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const form = await app.db.transaction((tx) => restoreDefaultForm(tx, companyId, request.body.type_id));
      return ok(form, CRM_MESSAGES.formRestored);
    },
  );

  api.get(
    '/crm/v1/crm/input_fields',
    {
      config,
      schema: {
        tags,
        summary: 'Field types a form can hold, with the filter conditions of each',
        response: { 200: envelope(z.array(inputFieldSchema)) },
      },
    },
    async () => ok(INPUT_FIELDS),
  );

  api.get(
    '/crm/v1/crm/unused_input/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Fields taken off a form (their values are kept)',
        params: idParamsSchema,
        response: { 200: envelope(z.array(formFieldSchema)) },
      },
    },
    async (request) => ok(await unusedFields(app.db, companyMember(request).companyId, request.params.id)),
  );

  api.delete(
    '/crm/v1/crm/form_section/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a section; its fields become unused',
        params: idParamsSchema,
        response: { 200: envelope(formSchema) },
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      const form = await app.db.transaction(async (tx) => {
        const typeId = await deleteSection(tx, companyId, request.params.id);
        return getForm(tx, companyId, typeId);
      });
      return ok(form, CRM_MESSAGES.sectionDeleted);
    },
  );

  api.get(
    '/crm/v1/crm/user_form_listing',
    {
      config,
      schema: {
        tags,
        summary: "The company's forms",
        querystring: formListingQuerySchema,
        response: { 200: envelope(z.array(formListItemSchema)) },
      },
    },
    async (request) => ok(await listForms(app.db, companyMember(request).companyId, request.query.type_id)),
  );

  api.get(
    '/crm/v1/crm/single_lead_form_detail',
    {
      config,
      schema: {
        tags,
        summary: 'One form with its sections, fields and unused fields',
        querystring: singleFormQuerySchema,
        response: { 200: envelope(formSchema) },
      },
    },
    async (request) => {
      const { companyId } = companyMember(request);
      if (request.query.unique_id) return ok(await getFormByUniqueId(app.db, companyId, request.query.unique_id));
      return ok(await getForm(app.db, companyId, request.query.type_id ?? CRM_TYPE.leads));
    },
  );
}
