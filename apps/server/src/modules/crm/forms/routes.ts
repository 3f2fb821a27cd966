import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CRM_MESSAGES,
  CRM_TYPE,
  dynamicFormSchema,
  idParamsSchema,
  type RecordTypeId,
  recordTypeIdSchema,
  type RecordValues,
} from '@tradeloop/contracts/crm/records';
import {
  defaultFormBodySchema,
  formFieldSchema,
  formListingQuerySchema,
  formListItemSchema,
  formSchema,
  formTypeQuerySchema,
  INPUT_FIELDS,
  inputFieldSchema,
  saveFormBodySchema,
  singleFormQuerySchema,
} from '@tradeloop/contracts/crm/forms';
import type { Tx } from '../../../db/client.ts';
import { recordTypePermission } from '../records/permissions.ts';
import { routes, withMessage } from '../../../platform/routes.ts';
import {
  deleteSection,
  dynamicForm,
  getForm,
  getFormByUniqueId,
  listForms,
  restoreDefaultForm,
  saveForm,
  unusedFields,
} from './service.ts';
import { findRecord } from '../records/read.ts';

const tags = ['crm forms'];

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
  const route = routes(app);

  route.get(
    '/crm/v1/lead/addform',
    {
      access: 'company',
      permission: recordTypePermission('view'),
      tags,
      summary: 'The add form of a record type, with default values',
      querystring: formTypeQuerySchema,
      data: dynamicFormSchema,
    },
    async ({ request, member: { companyId } }) => {
      const form = await getForm(app.db, companyId, request.query.type_id);
      return dynamicForm(form, null);
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
  for (const link of related) {
    route.get(
      `/crm/v1/${link.path}`,
      {
        access: 'company',
        permission: recordTypePermission('view'),
        tags,
        summary: `${link.summary}, filled from it`,
        params: idParamsSchema,
        querystring: z.object({ type_id: recordTypeIdSchema.optional() }),
        data: dynamicFormSchema,
      },
      async ({ request, member: { companyId } }) => {
        const values = await prefill(app.db, companyId, link.typeId, { id: request.params.id, typeId: link.from });
        const form = await getForm(app.db, companyId, link.typeId);
        const filled = dynamicForm(form, null);
        for (const section of filled.sections) {
          for (const field of section.form_fields)
            if (values[field.name] !== undefined) field.value = values[field.name];
        }
        return filled;
      },
    );
  }

  route.post(
    '/crm/v1/crm/save_input_form',
    {
      access: 'company',
      permission: 'crm.settings',
      tags,
      summary: 'Save a form layout: sections and fields, in order',
      body: saveFormBodySchema,
      data: formSchema,
      transaction: true,
    },
    async ({ request, member: { companyId }, tx }) =>
      withMessage(await saveForm(tx, companyId, request.body), CRM_MESSAGES.formCreated),
  );

  route.post(
    '/crm/v1/crm/default_form_input',
    {
      access: 'company',
      permission: 'crm.settings',
      tags,
      summary: 'Put the default sections and fields back on a form',
      body: defaultFormBodySchema,
      data: formSchema,
      transaction: true,
    },
    async ({ request, member: { companyId }, tx }) =>
      withMessage(await restoreDefaultForm(tx, companyId, request.body.type_id), CRM_MESSAGES.formRestored),
  );

  route.get(
    '/crm/v1/crm/input_fields',
    {
      access: 'company',
      permission: recordTypePermission('view'),
      tags,
      summary: 'Field types a form can hold, with the filter conditions of each',
      data: z.array(inputFieldSchema),
    },
    async () => INPUT_FIELDS,
  );

  route.get(
    '/crm/v1/crm/unused_input/:id',
    {
      access: 'company',
      permission: recordTypePermission('view'),
      tags,
      summary: 'Fields taken off a form (their values are kept)',
      params: idParamsSchema,
      data: z.array(formFieldSchema),
    },
    async ({ request, member }) => unusedFields(app.db, member.companyId, request.params.id),
  );

  route.delete(
    '/crm/v1/crm/form_section/:id',
    {
      access: 'company',
      permission: 'crm.settings',
      tags,
      summary: 'Delete a section; its fields become unused',
      params: idParamsSchema,
      data: formSchema,
    },
    async ({ request, member: { companyId } }) => {
      const form = await app.db.transaction(async (tx) => {
        const typeId = await deleteSection(tx, companyId, request.params.id);
        return getForm(tx, companyId, typeId);
      });
      return withMessage(form, CRM_MESSAGES.sectionDeleted);
    },
  );

  route.get(
    '/crm/v1/crm/user_form_listing',
    {
      access: 'company',
      permission: recordTypePermission('view'),
      tags,
      summary: "The company's forms",
      querystring: formListingQuerySchema,
      data: z.array(formListItemSchema),
    },
    async ({ request, member }) => listForms(app.db, member.companyId, request.query.type_id),
  );

  route.get(
    '/crm/v1/crm/single_lead_form_detail',
    {
      access: 'company',
      permission: recordTypePermission('view'),
      tags,
      summary: 'One form with its sections, fields and unused fields',
      querystring: singleFormQuerySchema,
      data: formSchema,
    },
    async ({ request, member: { companyId } }) => {
      if (request.query.unique_id) return getFormByUniqueId(app.db, companyId, request.query.unique_id);
      return getForm(app.db, companyId, request.query.type_id ?? CRM_TYPE.leads);
    },
  );
}
