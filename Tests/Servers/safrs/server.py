"""A small clinic API served by safrs 3.2.0 (Flask, Flask-SQLAlchemy, SQLite), resgen's third real
JSON:API server: the one whose quirks issue 49 lists, reproduced as the library writes them.

Doctors and patients have names; a patient has a date-only ``born_on``; an appointment has a
``scheduled_at`` datetime, a to-one ``doctor`` and a to-one ``patient``. The server behaves as safrs
does, quirks included:

- links are written with raw brackets and the query as given: ``/api/appointments/?page[offset]=3&page[limit]=3``;
- a collection page omits ``next`` when the next page is the last (it gives ``last``);
- a relationship object carries only ``links.self``, at a URL of its own (``/api/appointments/1/doctor``,
  not ``…/relationships/doctor``, which answers 404), and that URL answers ``GET`` with the full related
  resource object where linkage belongs; ``PATCH``/``POST``/``DELETE`` there take linkage;
- a relationship's ``data`` is ``null`` / ``[]`` unless the relationship was included;
- datetimes are written ``2026-03-02 09:15:00`` (a space, no zone), a date column ``2001-01-01`` on reads
  but ``2001-01-01 00:00:00`` in a create's 201;
- resource types are the class names (``Appointment``), and foreign keys show as attributes (``doctor_id``).

Run: ``.venv-safrs/bin/python server.py``. Binds 127.0.0.1 on a free port, creates and seeds a fresh
SQLite database in a temporary directory, prints ``LISTENING <port>`` once it accepts connections, and
exits when stdin (a pipe) closes. ``POST /_reset`` re-seeds the database and forgets the request log;
``GET /_stats`` returns the request log: method, the request target exactly as it came on the request
line, and status of every request since the last reset (``/_…`` requests are not logged).
"""

import datetime
import logging
import os
import sys
import tempfile
import threading
import warnings

warnings.simplefilter("ignore")

from flask import Flask, g, jsonify, request
from flask_sqlalchemy import SQLAlchemy
from safrs import SAFRSAPI, SAFRSBase
from werkzeug.serving import make_server

logging.getLogger("werkzeug").setLevel(logging.ERROR)
logging.getLogger("safrs").setLevel(logging.CRITICAL)

db = SQLAlchemy()


class Doctor(SAFRSBase, db.Model):
    __tablename__ = "doctors"
    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String, nullable=False)
    appointments = db.relationship("Appointment", back_populates="doctor")


class Patient(SAFRSBase, db.Model):
    __tablename__ = "patients"
    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String, nullable=False)
    born_on = db.Column(db.Date)
    appointments = db.relationship("Appointment", back_populates="patient")


class Appointment(SAFRSBase, db.Model):
    __tablename__ = "appointments"
    id = db.Column(db.Integer, primary_key=True)
    scheduled_at = db.Column(db.DateTime, nullable=False)
    doctor_id = db.Column(db.Integer, db.ForeignKey("doctors.id"))
    patient_id = db.Column(db.Integer, db.ForeignKey("patients.id"))
    doctor = db.relationship("Doctor", back_populates="appointments")
    patient = db.relationship("Patient", back_populates="appointments")


def seed() -> None:
    """Two doctors, two patients, seven appointments (ids 1-7, one a day from 2026-03-02 09:15):
    1-5 with Dr. Ada Quill, 6-7 with Dr. Ben Okafor; odd ids for Amy Pond, even for Rory Williams."""
    db.drop_all()
    db.create_all()
    ada = Doctor(id=1, name="Dr. Ada Quill")
    ben = Doctor(id=2, name="Dr. Ben Okafor")
    amy = Patient(id=1, name="Amy Pond", born_on=datetime.date(1989, 4, 12))
    rory = Patient(id=2, name="Rory Williams", born_on=datetime.date(1988, 9, 30))
    db.session.add_all([ada, ben, amy, rory])
    start = datetime.datetime(2026, 3, 2, 9, 15)
    for number in range(1, 8):
        db.session.add(Appointment(
            id=number, scheduled_at=start + datetime.timedelta(days=number - 1),
            doctor=ada if number <= 5 else ben, patient=amy if number % 2 else rory))
    db.session.commit()


requests_log = []
log_lock = threading.Lock()

app = Flask("clinic")
folder = tempfile.mkdtemp(prefix="resgen-safrs-")
app.config.update(SQLALCHEMY_DATABASE_URI=f"sqlite:///{os.path.join(folder, 'clinic.db')}")
db.init_app(app)


@app.before_request
def remember_target() -> None:
    # The request target as it came on the request line (werkzeug keeps it in RAW_URI): what the client
    # really sent, before any decoding.
    g.raw_target = request.environ.get("RAW_URI") or request.full_path


@app.after_request
def log_request(response):
    if not request.path.startswith("/_"):
        with log_lock:
            requests_log.append({"method": request.method, "target": g.raw_target, "status": response.status_code})
    return response


@app.post("/_reset")
def reset():
    seed()
    with log_lock:
        requests_log.clear()
    return jsonify({"reset": True})


@app.get("/_stats")
def stats():
    with log_lock:
        return jsonify({"requests": list(requests_log)})


def main() -> None:
    server = make_server("127.0.0.1", 0, app, threaded=True)
    port = server.server_port
    with app.app_context():
        api = SAFRSAPI(app, host="127.0.0.1", port=port, prefix="/api")
        for model in (Doctor, Patient, Appointment):
            api.expose_object(model)
        seed()

    def watch_stdin() -> None:
        if sys.stdin is None or sys.stdin.isatty():
            return
        sys.stdin.read()
        os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()
    print(f"LISTENING {port}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
