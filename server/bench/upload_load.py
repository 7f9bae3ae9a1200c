#!/usr/bin/env python3
"""Uploads through the real POST /upload (docs/performance.md, "Uploads").

CLIENTS threads each post the same picture as fast as the server answers, each as its own member
(sessions from `kesher seed-load --out`), for DURATION seconds after WARMUP. Prints uploads per
second and the latency of each answer; 409, 503 and other answers are counted apart, and a 503
is retried after its Retry-After, as the web client does.
Usage: upload_load.py PORT SESSIONS_FILE PICTURE [--clients 20] [--duration 30] [--warmup 3]
"""
import argparse
import http.client
import threading
import time


def multipart(picture: bytes, boundary: str) -> bytes:
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; "
            f"filename=\"photo.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n").encode()
    return head + picture + f"\r\n--{boundary}--\r\n".encode()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("sessions")
    parser.add_argument("picture")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--duration", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--skip", type=int, default=0, help="session lines used by others")
    args = parser.parse_args()

    with open(args.sessions) as lines:
        sessions = [line.split()[1] for line in lines if line.strip()][args.skip:]
    if len(sessions) < args.clients:
        raise SystemExit(f"only {len(sessions)} sessions for {args.clients} clients")
    boundary = "KesherUploadBench"
    body = multipart(open(args.picture, "rb").read(), boundary)
    start = time.monotonic()
    measured_from = start + args.warmup
    end = measured_from + args.duration
    lock = threading.Lock()
    latencies: list[float] = []
    statuses: dict[int, int] = {}

    def client(session: str) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=120)
        headers = {"Cookie": f"session={session}",
                   "Content-Type": f"multipart/form-data; boundary={boundary}"}
        while True:
            sent = time.monotonic()
            if sent >= end:
                break
            connection.request("POST", "/upload", body, headers)
            response = connection.getresponse()
            response.read()
            done = time.monotonic()
            if sent >= measured_from and done <= end:
                with lock:
                    statuses[response.status] = statuses.get(response.status, 0) + 1
                    if response.status == 200:
                        latencies.append(done - sent)
            if response.status == 503:  # what the web client does: wait as the server asks
                time.sleep(float(response.getheader("Retry-After", "1")))

    threads = [threading.Thread(target=client, args=(s,)) for s in sessions[:args.clients]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    latencies.sort()

    def quantile(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000 if latencies else 0

    print(f"uploads: {args.clients} clients, {len(body) / 1e6:.1f} MB each, {args.duration:.0f} s measured")
    print(f"  {len(latencies) / args.duration:.1f} uploads/s; answers {dict(sorted(statuses.items()))}")
    print(f"  latency ms: p50 {quantile(0.5):.0f}, p90 {quantile(0.9):.0f}, p99 {quantile(0.99):.0f}")


if __name__ == "__main__":
    main()
