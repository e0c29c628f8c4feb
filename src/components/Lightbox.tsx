import { useEffect, useRef, type KeyboardEvent } from "react";
import { GatsbyImage, type IGatsbyImageData } from "gatsby-plugin-image";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from "./Icons";
import { wrapFocus } from "../runtime/wrapFocus";
import * as styles from "./Lightbox.module.css";

export interface LightboxImage {
  id: string;
  alt: string;
  image: IGatsbyImageData;
}

const SWIPE_DISTANCE = 50;

/**
 * A modal <dialog>: the browser moves focus in, keeps it there and closes on Escape; the caller
 * returns focus to the thumbnail. Arrow keys and swipes move between photos.
 */
export function Lightbox({
  title,
  images,
  index,
  onIndexChange,
  onClose,
}: {
  title: string;
  images: readonly LightboxImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const swipeStart = useRef<number | null>(null);
  const current = images[index];
  const count = images.length;
  const move = (step: number) => onIndexChange((index + step + count) % count);
  // Close the modal first: while it is open the page behind is inert and cannot take focus back.
  const close = () => {
    dialogRef.current?.close();
    onClose();
  };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  // A modal dialog already makes the page behind it inert; this also keeps Tab from leaving for the
  // browser's own toolbar, so focus cycles through the dialog's buttons.
  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) =>
    wrapFocus(event, Array.from(dialogRef.current?.querySelectorAll<HTMLElement>("button") ?? []));

  if (!current) return null;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a modal dialog takes the arrow keys for the previous and next photo
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby="lightbox-caption"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") move(1);
        else if (event.key === "ArrowLeft") move(-1);
        else if (event.key === "Tab") keepFocusInside(event);
      }}
      // A drag would start the browser's image drag-and-drop and cancel the swipe.
      onDragStart={(event) => event.preventDefault()}
      onPointerDown={(event) => {
        swipeStart.current = event.clientX;
        // Keep receiving this pointer's events even when it leaves the photo mid-swipe.
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerCancel={() => {
        swipeStart.current = null;
      }}
      onPointerUp={(event) => {
        if (swipeStart.current === null) return;
        const distance = event.clientX - swipeStart.current;
        swipeStart.current = null;
        if (Math.abs(distance) >= SWIPE_DISTANCE) move(distance < 0 ? 1 : -1);
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === dialogRef.current) close();
      }}
    >
      <div className={styles.frame}>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- an opened modal dialog moves focus into itself (WAI-ARIA dialog pattern) */}
        <button type="button" className={styles.close} onClick={close} autoFocus>
          <CloseIcon />
          <span className="visually-hidden">Close photo</span>
        </button>
        <figure className={styles.figure}>
          <GatsbyImage
            key={current.id}
            image={current.image}
            alt={current.alt}
            loading="eager"
            className={styles.image}
            objectFit="contain"
          />
          <figcaption id="lightbox-caption" className={styles.caption}>
            <span>{current.alt}</span>
            <span className={styles.count}>
              {title}: photo {index + 1} of {count}
            </span>
          </figcaption>
        </figure>
        <div className={styles.controls}>
          <button type="button" className={styles.navButton} onClick={() => move(-1)}>
            <ChevronLeftIcon />
            <span>Previous</span>
          </button>
          <button type="button" className={styles.navButton} onClick={() => move(1)}>
            <span>Next</span>
            <ChevronRightIcon />
          </button>
        </div>
      </div>
    </dialog>
  );
}
