import { Group, Image, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMiniSiteContext } from '../components/MiniSiteLayout.tsx';
import { ProfileFacts, businessTypeOf, registrationAddress } from '../components/ProfileFacts.tsx';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** /mini-site/{slug}/about-us: the company profile, its facilities and factory pictures, its certifications. */
export function MiniSiteAboutPage() {
  const { site } = useMiniSiteContext();
  const { company, profile } = site;
  useDocumentTitle(`About us · ${company.name} · TradeLoop`);
  const address = registrationAddress(profile, company.country_name);
  const facts = [
    ['Business type', businessTypeOf(site)],
    ['Year established', profile.year_established ? String(profile.year_established) : null],
    ['Employees', profile.employees],
    ['Main markets', profile.main_markets.join(', ') || null],
    ['Country', company.country_name],
    ['Products listed', String(site.products)],
  ] satisfies [string, string | null][];
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        About us
      </Title>
      <Section id="about-profile" title="Company profile">
        {profile.about ? (
          <Text style={{ whiteSpace: 'pre-line' }} data-testid="about-text">
            {profile.about}
          </Text>
        ) : (
          <Text c="dimmed">{company.name} has not written its profile yet.</Text>
        )}
        <ProfileFacts facts={facts} testId="about-facts" />
      </Section>

      {profile.qaqc_rnd && (
        <Section id="about-qaqc" title="Quality control and R&D">
          <Text style={{ whiteSpace: 'pre-line' }}>{profile.qaqc_rnd}</Text>
        </Section>
      )}

      <Section id="about-facilities" title="Facilities">
        {profile.facilities.selected_value === 'yes' && profile.facilities.factoryData.length ? (
          <Stack gap="md">
            {profile.facilities.factoryData.map((factory, index) => (
              <Stack key={`${factory.name}-${index}`} gap="xs" data-testid="factory">
                <Text fw={600}>{factory.name}</Text>
                {factory.details && <Text size="sm">{factory.details}</Text>}
                {factory.factoryImage.length > 0 && (
                  <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
                    {factory.factoryImage.map((image, position) => (
                      <a key={image.id} href={image.full} target="_blank" rel="noopener">
                        <Image
                          src={image.card}
                          alt={`${factory.name}, picture ${position + 1}`}
                          radius="sm"
                          loading="lazy"
                          fit="cover"
                          h={140}
                        />
                      </a>
                    ))}
                  </SimpleGrid>
                )}
              </Stack>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">No facilities shown.</Text>
        )}
      </Section>

      <Section id="about-certifications" title="Certifications">
        {profile.certifications.length ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {profile.certifications.map((certification, index) => (
              <Paper key={`${certification.name}-${index}`} withBorder p="sm" data-testid="certification">
                <Group wrap="nowrap" align="flex-start">
                  {certification.image && (
                    <a href={certification.image.full} target="_blank" rel="noopener">
                      <Image
                        src={certification.image.thumb}
                        alt={`${certification.name} certificate`}
                        w={64}
                        h={64}
                        radius="sm"
                        loading="lazy"
                      />
                    </a>
                  )}
                  <Stack gap={2}>
                    <Text fw={600}>{certification.name}</Text>
                    <Text size="sm" c="dimmed">
                      {[certification.issuer, certification.year].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed">No certifications listed.</Text>
        )}
      </Section>

      {address.length > 0 && (
        <Section id="about-address" title="Registered address">
          <List listStyleType="none" spacing={0} size="sm">
            {address.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Section>
      )}
    </Stack>
  );
}
