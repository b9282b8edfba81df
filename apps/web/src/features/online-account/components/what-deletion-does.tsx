import styles from './what-deletion-does.module.css';

/**
 * Exactly what deleting the online account erases and what the practice keeps (decision 0080): the page
 * says it before the person confirms.
 */
export function WhatDeletionDoes() {
  return (
    <>
      <h2 className={styles.heading}>What is deleted</h2>
      <ul className={styles.list}>
        <li>
          Your sign-in to this portal: the e-mail address and password you sign in with. If you sign in with
          an account of another provider (such as a Microsoft account), that account is not deleted: only this
          portal&rsquo;s link to it ends.
        </li>
        <li>The link between your sign-in and your record at the practice.</li>
        <li>Every session of yours on this portal: you are signed out on every device.</li>
        <li>Times you held as a guest but did not book, with the contact details you gave for them.</li>
        <li>The codes and invitations used to link your account.</li>
        <li>The portal&rsquo;s list of which of your details you changed online.</li>
      </ul>
      <h2 className={styles.heading}>What your practice keeps</h2>
      <ul className={styles.list}>
        <li>Your client record: your name, address, phone numbers and e-mail address.</li>
        <li>Your pets, their appointments (past and booked) and their clinical history.</li>
        <li>
          Your contact preferences, and the record of when you gave or changed them, which the practice must
          keep as proof of your consent. It no longer names your sign-in.
        </li>
      </ul>
      <p className={styles.after}>
        Appointments you have booked still stand: to change or cancel one, call your practice. You can sign up
        again at any time, with the same e-mail address if you like: you will start as a new user and link
        your account to your record again.
      </p>
    </>
  );
}
