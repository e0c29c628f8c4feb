import { Link } from "gatsby";
import { leadPath } from "../../desk/paths";
import { PhoneLink } from "../PhoneLink";
import * as styles from "../Staff.module.css";
import { StatusLine } from "../StatusLine";
import { useStaffGet } from "../useStaffGet";
import * as own from "./Intros.module.css";

interface Child {
  id: string;
  childName: string;
  childAge: number | null;
  parent: string;
  email: string;
  phone: string;
  cancelled: boolean;
}

interface TrialClass {
  start: string;
  day: string;
  time: string;
  /** The seats the schedule offers now; null for a class no longer offered that still has children booked. */
  seats: number | null;
  taken: number;
  children: Child[];
}

interface Listing {
  zone: string;
  classes: TrialClass[];
}

const NO_QUERY = {};

/**
 * Today's and later kids classes with trial seats (the gym's time zone): each child booked, with their
 * age for the coach, and the parent to call; the reference opens the parent's lead.
 */
export default function KidsTrials() {
  const { answer: listing, problem } = useStaffGet<Listing>("kids-trials", NO_QUERY);

  return (
    <>
      <h1 className={styles.heading}>Kids trials</h1>
      <p className={styles.lead}>
        Free trial classes parents booked for their children{listing ? `, in ${listing.zone}` : ""}. Each is a lead: the parent is the
        person to call.
      </p>
      <StatusLine status={problem === null ? null : { text: problem, error: true }} />
      {listing === null ? (
        !problem && <p>Loading…</p>
      ) : listing.classes.length === 0 ? (
        <p>No kids classes with trial seats in the next two weeks.</p>
      ) : (
        listing.classes.map((entry) => (
          <section key={entry.start} aria-label={`${entry.day} at ${entry.time}`} data-class={entry.start}>
            <h2 className={own.day}>
              {entry.day} at {entry.time}{" "}
              <span className={styles.muted}>
                · {entry.taken} of {entry.seats ?? "no"} trial {entry.seats === 1 ? "seat" : "seats"} taken
              </span>
            </h2>
            {entry.children.length === 0 ? (
              <p className={styles.muted}>No child booked yet.</p>
            ) : (
              <ul className={styles.list}>
                {entry.children.map((child) => (
                  <li key={child.id} className={styles.card} data-reference={child.id}>
                    <span className={styles.cardMain}>
                      <strong>
                        {child.childName}
                        {child.childAge !== null && `, age ${child.childAge}`}
                      </strong>{" "}
                      <span className={styles.muted}>parent</span> <Link to={leadPath(child.id)}>{child.parent || child.id}</Link>
                      {child.cancelled && (
                        <>
                          {" "}
                          <span className={styles.badge}>Cancelled</span>
                        </>
                      )}
                      <br />
                      <span className={`${styles.muted} ${styles.wrap}`}>
                        {child.id} · {child.email}
                        {child.phone && (
                          <>
                            {" · "}
                            <PhoneLink phone={child.phone} />
                          </>
                        )}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))
      )}
    </>
  );
}
