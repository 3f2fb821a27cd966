import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Image,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPhotoPlus, IconPlus, IconTrash } from '@tabler/icons-react';
import type { CompanyProfile, CompanyProfileBody, ProfileImage } from '@tradeloop/contracts/company-profile';
import {
  COMPANY_PROFILE_LIMITS as LIMITS,
  EMPLOYEE_BANDS,
  businessTypeName,
  type EmployeeBand,
  type FacilityChoice,
  type ProfileImageKind,
} from '@tradeloop/contracts/company-profile-constants';
import { describeErrors, isApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSaveCompanyProfile, useUploadProfileImage } from '../api/company-profile.ts';

type Factory = { name: string; details: string; images: ProfileImage[] };
type Certification = { name: string; issuer: string; year: number | string; image: ProfileImage | null };

type Draft = {
  business_type: CompanyProfile['business_type'];
  about: string;
  qaqc_rnd: string;
  year_established: number | string;
  employees: EmployeeBand | null;
  main_markets: string[];
  reg_street_address: string;
  reg_additional_address: string;
  registration_city: string;
  reg_region_state_province: string;
  registration_postalcode: string;
  selected_value: FacilityChoice;
  factories: Factory[];
  certifications: Certification[];
};

const ADDRESS_FIELDS = [
  ['reg_street_address', 'Street address'],
  ['reg_additional_address', 'Additional address'],
  ['registration_city', 'City'],
  ['reg_region_state_province', 'Region, state or province'],
  ['registration_postalcode', 'Postal code'],
] as const;

function draftOf(profile: CompanyProfile): Draft {
  return {
    business_type: profile.business_type,
    about: profile.about,
    qaqc_rnd: profile.qaqc_rnd,
    year_established: profile.year_established ?? '',
    employees: profile.employees,
    main_markets: profile.main_markets,
    reg_street_address: profile.reg_street_address,
    reg_additional_address: profile.reg_additional_address,
    registration_city: profile.registration_city,
    reg_region_state_province: profile.reg_region_state_province,
    registration_postalcode: profile.registration_postalcode,
    selected_value: profile.facilities.selected_value,
    factories: profile.facilities.factoryData.map((factory) => ({
      name: factory.name,
      details: factory.details,
      images: factory.factoryImage,
    })),
    certifications: profile.certifications.map((certification) => ({
      name: certification.name,
      issuer: certification.issuer,
      year: certification.year ?? '',
      image: certification.image,
    })),
  };
}

function bodyOf(draft: Draft): CompanyProfileBody {
  return {
    business_type: draft.business_type,
    about: draft.about,
    qaqc_rnd: draft.qaqc_rnd,
    year_established: draft.year_established === '' ? null : Number(draft.year_established),
    employees: draft.employees,
    main_markets: draft.main_markets,
    reg_street_address: draft.reg_street_address,
    reg_additional_address: draft.reg_additional_address,
    registration_city: draft.registration_city,
    reg_region_state_province: draft.reg_region_state_province,
    registration_postalcode: draft.registration_postalcode,
    facilities: {
      selected_value: draft.selected_value,
      factoryData: draft.factories.map((factory) => ({
        name: factory.name,
        details: factory.details,
        factoryImage: factory.images.map((image) => image.id),
      })),
    },
    certifications: draft.certifications.map((certification) => ({
      name: certification.name,
      issuer: certification.issuer,
      year: certification.year === '' ? null : Number(certification.year),
      image_id: certification.image?.id ?? null,
    })),
  };
}

/** A file picker that uploads a picture of `kind` and hands the checked image back. */
function ImageUpload({
  kind,
  label,
  onUploaded,
}: {
  kind: ProfileImageKind;
  label: string;
  onUploaded: (image: ProfileImage) => void;
}) {
  const upload = useUploadProfileImage();
  return (
    <FileButton
      accept="image/png,image/jpeg"
      onChange={(file) =>
        file &&
        upload.mutate(
          { file, kind },
          {
            onSuccess: onUploaded,
            onError: (error) =>
              isApiError(error) && !error.notified
                ? notifyError(error.errors ? describeErrors(error.errors) : error.message)
                : undefined,
          },
        )
      }
    >
      {(props) => (
        <Button
          {...props}
          variant="default"
          size="xs"
          leftSection={<IconPhotoPlus size={14} />}
          loading={upload.isPending}
        >
          {label}
        </Button>
      )}
    </FileButton>
  );
}

/** The seller's company profile (decision 044): business types, texts, figures, address, facilities, certifications. */
export function CompanyProfileForm({ profile }: { profile: CompanyProfile }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCompanyProfile();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const setFactory = (index: number, next: Partial<Factory>) =>
    set(
      'factories',
      draft.factories.map((factory, at) => (at === index ? { ...factory, ...next } : factory)),
    );
  const setCertification = (index: number, next: Partial<Certification>) =>
    set(
      'certifications',
      draft.certifications.map((certification, at) => (at === index ? { ...certification, ...next } : certification)),
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(bodyOf(draft), {
      onSuccess: (result) => setDraft(draftOf(result.data)),
      onError: (error) => {
        if (!isApiError(error) || error.notified) return;
        const found = Object.fromEntries(Object.entries(error.errors ?? {}).map(([field, list]) => [field, list[0]]));
        setErrors(found);
        notifyError(error.errors ? describeErrors(error.errors) : error.message);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Company profile">
      <Stack gap="lg">
        <Stack gap="xs">
          <Text fw={600} id="business-types">
            Business type
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" role="group" aria-labelledby="business-types">
            {draft.business_type.map((entry, index) => (
              <Switch
                key={entry.name}
                label={entry.name}
                checked={entry.toggle === 1}
                onChange={(event) =>
                  set(
                    'business_type',
                    draft.business_type.map((other, at) =>
                      at === index ? { ...other, toggle: event.currentTarget.checked ? 1 : 0 } : other,
                    ),
                  )
                }
              />
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed" data-testid="business-type-name">
            Shown as: {businessTypeName(draft.business_type)}
          </Text>
        </Stack>

        <Textarea
          label="About the company"
          description="Plain text; shown on your store’s home and about-us pages."
          autosize
          minRows={4}
          maxLength={LIMITS.about}
          value={draft.about}
          error={errors.about}
          onChange={(event) => set('about', event.currentTarget.value)}
        />
        <Textarea
          label="Quality control and R&D"
          autosize
          minRows={2}
          maxLength={LIMITS.qaqcRnd}
          value={draft.qaqc_rnd}
          error={errors.qaqc_rnd}
          onChange={(event) => set('qaqc_rnd', event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Year established"
            min={LIMITS.firstYear}
            max={new Date().getFullYear()}
            allowDecimal={false}
            value={draft.year_established}
            error={errors.year_established}
            onChange={(value) => set('year_established', value)}
          />
          <Select
            label="Employees"
            data={[...EMPLOYEE_BANDS]}
            clearable
            value={draft.employees}
            error={errors.employees}
            onChange={(value) => set('employees', value as EmployeeBand | null)}
          />
        </SimpleGrid>
        <TagsInput
          label="Main markets"
          description="Countries or regions you sell to; press Enter after each."
          maxTags={LIMITS.mainMarkets}
          value={draft.main_markets}
          error={errors.main_markets}
          onChange={(value) => set('main_markets', value)}
        />

        <Stack gap="xs">
          <Title order={3} size="h5">
            Registration address
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {ADDRESS_FIELDS.map(([field, label]) => (
              <TextInput
                key={field}
                label={label}
                value={draft[field]}
                error={errors[field]}
                onChange={(event) => set(field, event.currentTarget.value)}
              />
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h5" id="facilities-title">
            Facilities
          </Title>
          <Text size="sm" id="facilities-question">
            Show your factories and their pictures?
          </Text>
          <SegmentedControl
            aria-labelledby="facilities-question"
            w="fit-content"
            data={[
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]}
            value={draft.selected_value}
            onChange={(value) => set('selected_value', value as FacilityChoice)}
          />
          {draft.selected_value === 'yes' && (
            <Stack gap="sm">
              {draft.factories.map((factory, index) => (
                <Paper key={index} withBorder p="sm" data-testid="factory-entry">
                  <Stack gap="xs">
                    <Group align="flex-end" wrap="nowrap">
                      <TextInput
                        style={{ flex: 1 }}
                        label={`Facility ${index + 1} name`}
                        required
                        value={factory.name}
                        error={errors[`facilities.factoryData.${index}.name`]}
                        onChange={(event) => setFactory(index, { name: event.currentTarget.value })}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Remove facility ${index + 1}`}
                        onClick={() =>
                          set(
                            'factories',
                            draft.factories.filter((_, at) => at !== index),
                          )
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                    <TextInput
                      label="Details"
                      value={factory.details}
                      onChange={(event) => setFactory(index, { details: event.currentTarget.value })}
                    />
                    <Group gap="xs">
                      {factory.images.map((image, position) => (
                        <Stack key={image.id} gap={2} align="center">
                          <Image
                            src={image.thumb}
                            alt={`${factory.name || 'Facility'}, picture ${position + 1}`}
                            w={72}
                            h={72}
                            radius="sm"
                          />
                          <Button
                            variant="subtle"
                            color="red"
                            size="compact-xs"
                            aria-label={`Remove picture ${position + 1} of ${factory.name || `facility ${index + 1}`}`}
                            onClick={() =>
                              setFactory(index, { images: factory.images.filter((other) => other.id !== image.id) })
                            }
                          >
                            Remove
                          </Button>
                        </Stack>
                      ))}
                      {factory.images.length < LIMITS.imagesPerFactory && (
                        <ImageUpload
                          kind="factory"
                          label="Add picture"
                          onUploaded={(image) => setFactory(index, { images: [...factory.images, image] })}
                        />
                      )}
                    </Group>
                  </Stack>
                </Paper>
              ))}
              {draft.factories.length < LIMITS.factories && (
                <Button
                  variant="light"
                  size="xs"
                  w="fit-content"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => set('factories', [...draft.factories, { name: '', details: '', images: [] }])}
                >
                  Add facility
                </Button>
              )}
            </Stack>
          )}
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h5">
            Certifications
          </Title>
          {draft.certifications.map((certification, index) => (
            <Paper key={index} withBorder p="sm" data-testid="certification-entry">
              <Stack gap="xs">
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput
                    label={`Certification ${index + 1}`}
                    required
                    value={certification.name}
                    error={errors[`certifications.${index}.name`]}
                    onChange={(event) => setCertification(index, { name: event.currentTarget.value })}
                  />
                  <TextInput
                    label="Issued by"
                    value={certification.issuer}
                    onChange={(event) => setCertification(index, { issuer: event.currentTarget.value })}
                  />
                  <NumberInput
                    label="Year"
                    allowDecimal={false}
                    value={certification.year}
                    error={errors[`certifications.${index}.year`]}
                    onChange={(value) => setCertification(index, { year: value })}
                  />
                </SimpleGrid>
                <Group gap="xs">
                  {certification.image && (
                    <Image
                      src={certification.image.thumb}
                      alt={`${certification.name || 'Certificate'} scan`}
                      w={56}
                      h={56}
                      radius="sm"
                    />
                  )}
                  <ImageUpload
                    kind="certificate"
                    label={certification.image ? 'Replace scan' : 'Add scan'}
                    onUploaded={(image) => setCertification(index, { image })}
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() =>
                      set(
                        'certifications',
                        draft.certifications.filter((_, at) => at !== index),
                      )
                    }
                  >
                    Remove certification {index + 1}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
          {draft.certifications.length < LIMITS.certifications && (
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                set('certifications', [...draft.certifications, { name: '', issuer: '', year: '', image: null }])
              }
            >
              Add certification
            </Button>
          )}
        </Stack>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-track="save-company-profile">
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
