import type { DataExport } from '@vet/contracts/data-export';
import { nationalPhoneNumber } from '@vet/contracts/uk-contact-details';
import type { ReactNode } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { calendarDay, monthNames } from '@vet/contracts/practice-clock';
import { formatLabelledAppointmentTime } from '@/shared/dates/appointment-time';
import { reauthenticationPath } from '@/shared/auth-session/reauthentication';
import { Button } from '@/shared/ui/button';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';
import {
  DATA_EXPORT_DOWNLOAD_HREF,
  type DataExportResult,
} from '@/features/data-export/api/get-data-export-on-server';
import styles from './your-data-view.module.css';

export const YOUR_DATA_PATH = '/client-detail/your-data';

const purposeLabels: Record<string, string> = { reminders: 'Reminders', marketing: 'Offers and news' };
const channelLabels: Record<string, string> = {
  email: 'E-mail',
  sms: 'Text message',
  phone: 'Phone',
  post: 'Post',
};

const when = (iso: string | null) => (iso ? formatLabelledAppointmentTime(iso) : 'Not recorded');
const text = (value: string | null) => (value && value.trim() !== '' ? value : 'None');
/** "23 September 2019" for a YYYY-MM-DD date. */
function longDate(date: string): string {
  const { day, month, year } = calendarDay(date);
  return `${day} ${monthNames[month - 1]} ${year}`;
}
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {items.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * Your data (/client-detail/your-data, R2.37): what the portal holds about the person, readable, with
 * the same data as a JSON file to download (decision 0079).
 */
export function YourDataView({ result }: { result: DataExportResult }) {
  return (
    <Container maxWidth="md" spacing="page">
      <h1 className={typography.gutterBottom}>Your data</h1>
      <p className={styles.intro}>
        This is everything this portal holds about you, as of now. Your practice keeps its own records too:
        ask them for a copy of those.
      </p>
      {result.kind === 'ready' ? (
        <ReadyView data={result.data} />
      ) : result.kind === 'sign-in-again' ? (
        <AppAlert severity="info" title="Please sign in again">
          For your security, we ask you to sign in again before showing your data.
          <div>
            <Button href={reauthenticationPath(YOUR_DATA_PATH)} external variant="outlined">
              Sign in again
            </Button>
          </div>
        </AppAlert>
      ) : (
        <AppAlert severity="error">
          We could not gather your data just now. Please reload the page to try again.
        </AppAlert>
      )}
    </Container>
  );
}

function ReadyView({ data }: { data: DataExport }) {
  const { client } = data;
  return (
    <>
      <Button
        href={DATA_EXPORT_DOWNLOAD_HREF}
        download={`my-data-${data.generatedAt.slice(0, 10)}.json`}
        variant="contained"
        className={styles.download}
      >
        Download your data (JSON file)
      </Button>
      <p>Gathered {when(data.generatedAt)}.</p>

      <Section id="your-data-sign-in" title="Your sign-in">
        <Facts
          items={[
            ['E-mail address', text(data.identity.email)],
            ['Identity provider', data.identity.issuer],
            ['Your identifier there', data.identity.subject],
          ]}
        />
      </Section>

      {client ? (
        <>
          <Section id="your-data-details" title="Your details">
            <Facts
              items={[
                [
                  'Name',
                  [client.profile.title, client.profile.firstName, client.profile.lastName]
                    .filter(Boolean)
                    .join(' '),
                ],
                ['E-mail address', text(client.profile.email)],
                ['Mobile phone', text(nationalPhoneNumber(client.profile.mobilePhone))],
                ['Home phone', text(nationalPhoneNumber(client.profile.homePhone))],
                [
                  'Address',
                  text(
                    Object.values(client.profile.address)
                      .filter((part) => part && part.trim() !== '')
                      .join(', ') || null,
                  ),
                ],
                ['Home practice', text(client.profile.homePractice)],
                ['Linked to your sign-in', when(client.profile.linkedAt)],
              ]}
            />
          </Section>

          <Section id="your-data-pets" title="Your pets">
            {client.pets.length === 0 ? (
              <p>None.</p>
            ) : (
              client.pets.map((pet) => (
                <div key={pet.petId}>
                  <h3>{pet.name}</h3>
                  <Facts
                    items={[
                      ['Species', pet.species],
                      ['Breed', text(pet.breed)],
                      ['Colour', text(pet.colour)],
                      ['Sex', pet.sex],
                      ['Neutered', yesNo(pet.neutered)],
                      ['Date of birth', pet.dateOfBirth ? longDate(pet.dateOfBirth) : 'Not recorded'],
                      ['Microchip', text(pet.microchipNumber)],
                      ['Insurer', text(pet.insurer)],
                      ['Status', pet.status],
                      [
                        'Vaccinations',
                        pet.vaccinations.length === 0
                          ? 'None recorded'
                          : pet.vaccinations
                              .map((v) => `${v.vaccine}, given ${longDate(v.givenOn)}`)
                              .join('; '),
                      ],
                    ]}
                  />
                </div>
              ))
            )}
          </Section>

          <Section id="your-data-appointments" title="Appointments">
            {client.appointments.length === 0 ? (
              <p>None.</p>
            ) : (
              <ul className={styles.list}>
                {client.appointments.map((appointment) => (
                  <li key={appointment.appointmentId}>
                    {when(appointment.startsAt)}: {appointment.petName}, {appointment.reason} with{' '}
                    {appointment.clinician} at {appointment.practice} ({appointment.status}
                    {appointment.cancellationReason ? `: ${appointment.cancellationReason}` : ''})
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section id="your-data-preferences" title="Contact preferences">
            <p>Last confirmed: {when(client.contactPreferences.confirmedAt)}</p>
            <ul className={styles.list}>
              {client.contactPreferences.current.map((choice) => (
                <li key={`${choice.purpose}-${choice.channel}`}>
                  {purposeLabels[choice.purpose] ?? choice.purpose} by{' '}
                  {channelLabels[choice.channel] ?? choice.channel}: {yesNo(choice.optedIn)}
                </li>
              ))}
            </ul>
            <h3>Changes you made</h3>
            {client.changeHistory.length === 0 ? (
              <p>None.</p>
            ) : (
              <ul className={styles.list}>
                {client.changeHistory.map((change, index) => (
                  <li key={`${change.changedAt}-${index}`}>
                    {when(change.changedAt)}:{' '}
                    {change.kind === 'details'
                      ? `details changed (${(change.fields ?? []).join(', ') || 'confirmed'})`
                      : (change.preferences ?? []).length === 0
                        ? 'preferences confirmed'
                        : (change.preferences ?? [])
                            .map(
                              (cell) =>
                                `${purposeLabels[cell.purpose] ?? cell.purpose} by ${channelLabels[cell.channel] ?? cell.channel} ${cell.to ? 'on' : 'off'}`,
                            )
                            .join(', ')}
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      ) : (
        <Section id="your-data-record" title="Your client record">
          <p>Your sign-in is not linked to a client record yet, so the portal holds no record of you.</p>
        </Section>
      )}

      <Section id="your-data-sessions" title="Where you are signed in">
        <ul className={styles.list}>
          {data.sessions.map((session, index) => (
            <li key={`${session.startedAt}-${index}`}>
              {text(session.device) === 'None' ? 'A device' : session.device}: signed in{' '}
              {when(session.signedInAt)}, last active {when(session.lastActiveAt)}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="your-data-requests" title="Your requests for your data">
        <ul className={styles.list}>
          {data.exportRequests.map((request, index) => (
            <li key={`${request.requestedAt}-${index}`}>{when(request.requestedAt)}</li>
          ))}
        </ul>
      </Section>
    </>
  );
}
